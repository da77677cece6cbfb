import { describe, it } from 'vitest';
import { serverForTests } from '../support/harness.testing.js';
import { deliverCase, to, type Case } from '../support/filters-delivery.testing.js';

/**
 * Real deliveries, Postfix (MTA port) → LMTP → the compiled Sieve script, one fresh account per case: the actions,
 * how filters combine, forwarding and the spam levels (`filters-delivery.test.ts` has the criteria).
 */
const fw = ['fw-one@elsewhere.test'];
const all = ['all-mail@elsewhere.test'];

const cases: Case[] = [
  {
    name: 'seen',
    filters: [{ query: { subject: 'hello' }, action: { seen: true } }],
    mail: {},
    folder: 'INBOX',
    flags: ['\\Seen'],
  },
  {
    name: 'flag',
    filters: [{ query: { subject: 'hello' }, action: { flag: true } }],
    mail: {},
    folder: 'INBOX',
    flags: ['\\Flagged'],
  },
  {
    name: 'delete: not stored',
    filters: [{ query: { subject: 'hello' }, action: { delete: true } }],
    mail: {},
    folder: null,
  },
  {
    name: 'spam: Junk',
    filters: [{ query: { subject: 'hello' }, action: { spam: 'spam' } }],
    mail: {},
    folder: 'Junk',
  },
  {
    name: 'mailbox: first setter wins',
    filters: [
      { query: { subject: 'hello' }, action: to('Work') },
      { query: { from: 'someone' }, action: to('Other') },
    ],
    mail: {},
    folder: 'Work',
  },
  {
    name: 'actions of different filters combine',
    filters: [
      { query: { subject: 'hello' }, action: { seen: true } },
      { query: { from: 'someone' }, action: { flag: true, mailbox: 'Other' } },
    ],
    mail: {},
    folder: 'Other',
    flags: ['\\Flagged', '\\Seen'],
  },
  {
    name: 'notspam first beats a later spam',
    filters: [
      { query: { subject: 'hello' }, action: { spam: 'notspam' } },
      { query: { from: 'someone' }, action: { spam: 'spam' } },
    ],
    mail: {},
    folder: 'INBOX',
  },
  {
    name: 'a non-matching filter sets nothing',
    filters: [
      { query: { subject: 'other' }, action: to('Other') },
      { query: { subject: 'hello' }, action: to('Work') },
    ],
    mail: {},
    folder: 'Work',
  },
  {
    name: 'a disabled filter is skipped',
    filters: [{ query: { subject: 'hello' }, action: to('Work'), disabled: true }],
    mail: {},
    folder: 'INBOX',
  },
  {
    name: 'a target folder that is gone: Inbox',
    filters: [{ query: { subject: 'hello' }, action: to('Other') }],
    deleteFolders: ['Other'],
    mail: {},
    folder: 'INBOX',
  },
  {
    name: 'filter forward keeps a local copy',
    filters: [{ query: { subject: 'hello' }, action: { targets: fw } }],
    mail: {},
    folder: 'INBOX',
    forwards: fw,
  },
  { name: 'account targets keep a local copy', targets: all, mail: {}, folder: 'INBOX', forwards: all },
  {
    name: 'targets of every matching filter add up',
    filters: [
      { query: { subject: 'hello' }, action: { targets: fw } },
      { query: { from: 'someone' }, action: { targets: ['fw-two@elsewhere.test'] } },
    ],
    mail: {},
    folder: 'INBOX',
    forwards: ['fw-one@elsewhere.test', 'fw-two@elsewhere.test'],
  },
  {
    name: 'no forward for spam',
    filters: [{ query: { subject: 'hello' }, action: { spam: 'spam', targets: fw } }],
    targets: all,
    mail: {},
    folder: 'Junk',
    forwards: [],
  },
  {
    name: 'deleted without forward: account targets not used',
    filters: [{ query: { subject: 'hello' }, action: { delete: true } }],
    targets: all,
    mail: {},
    folder: null,
    forwards: [],
  },
  {
    name: 'delete + forward forwards',
    filters: [{ query: { subject: 'hello' }, action: { delete: true, targets: fw } }],
    targets: all,
    mail: {},
    folder: null,
    forwards: fw,
  },
  { name: 'spam level 0: every message is spam', spamLevel: 0, mail: {}, folder: 'Junk' },
  {
    name: 'spam level 0 with notspam: Inbox',
    spamLevel: 0,
    filters: [{ query: { subject: 'hello' }, action: { spam: 'notspam' } }],
    mail: {},
    folder: 'INBOX',
  },
  {
    name: 'spam level 50: score 5/10 is spam',
    spamLevel: 50,
    targets: all,
    mail: { spamScore: 5 },
    folder: 'Junk',
    forwards: [],
  },
  { name: 'spam level 50: score 4.9/10 is not', spamLevel: 50, mail: { spamScore: 4.9 }, folder: 'INBOX' },
  {
    name: 'spam level 50 with notspam: kept and forwarded',
    spamLevel: 50,
    targets: all,
    filters: [{ query: { subject: 'hello' }, action: { spam: 'notspam' } }],
    mail: { spamScore: 9 },
    folder: 'INBOX',
    forwards: all,
  },
  { name: 'spam level 100: nothing is spam', spamLevel: 100, mail: { spamScore: 10 }, folder: 'INBOX' },
  {
    name: 'spam level 100 with a spam filter: Junk',
    spamLevel: 100,
    filters: [{ query: { subject: 'hello' }, action: { spam: 'spam' } }],
    mail: {},
    folder: 'Junk',
  },
];

describe('delivery through Postfix → LMTP → the compiled Sieve script: actions, forwarding, spam', () => {
  const server = serverForTests();

  it.each(cases)('$name', (c) => deliverCase(server(), c));
});
