import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { attachMailstack, deliverViaLmtp, sendViaMta } from '@webmail/mailstack';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';
import {
  buildMail,
  createFilter,
  filtersBase,
  sieveLogOutcome,
  storedAt,
  type FilterSpec,
  type TestMail,
} from '../support/filters.testing.js';

/**
 * Acceptance 1: real deliveries, Postfix (MTA port) → LMTP → the compiled Sieve script, one fresh account per case.
 * Filters are made through the API, so each case also runs the routes, the compiler and the ManageSieve upload.
 * Where the message went and its flags are read over IMAP; forwards from Pigeonhole's own log lines.
 */
interface Case {
  name: string;
  filters?: FilterSpec[];
  targets?: string[];
  spamLevel?: number;
  /** Folders to delete after the filters are saved (a filter's target that is gone). */
  deleteFolders?: string[];
  mail: TestMail;
  folder: string | null;
  flags?: string[];
  forwards?: string[];
}

const to = (mailbox: string) => ({ mailbox });
const fw = ['fw-one@elsewhere.test'];
const all = ['all-mail@elsewhere.test'];

const cases: Case[] = [
  { name: 'no filters, the default spam level: Inbox', spamLevel: 50, mail: {}, folder: 'INBOX' },
  {
    name: 'from: substring, any case',
    filters: [{ query: { from: 'BOSS@corp' }, action: to('Work') }],
    mail: { from: 'The Boss <boss@corp.test>' },
    folder: 'Work',
  },
  {
    name: 'from: also the Sender header',
    filters: [{ query: { from: 'assistant' }, action: to('Work') }],
    mail: { sender: 'assistant@corp.test' },
    folder: 'Work',
  },
  {
    name: 'from: no match',
    filters: [{ query: { from: 'boss' }, action: to('Work') }],
    mail: { from: 'friend@home.test' },
    folder: 'INBOX',
  },
  {
    name: 'to: also Cc',
    filters: [{ query: { to: 'team@corp' }, action: to('Work') }],
    mail: { cc: 'team@corp.test' },
    folder: 'Work',
  },
  {
    name: 'subject: substring, any case',
    filters: [{ query: { subject: 'INVOICE' }, action: to('Work') }],
    mail: { subject: 'Your invoice for March' },
    folder: 'Work',
  },
  {
    name: 'listId: the inside of <…>',
    filters: [{ query: { listId: 'Dev <dev.lists.test>' }, action: to('Work') }],
    mail: { listId: 'Developers <dev.lists.test>' },
    folder: 'Work',
  },
  {
    name: 'listId: no match',
    filters: [{ query: { listId: 'dev.lists.test' }, action: to('Work') }],
    mail: { listId: '<ops.lists.test>' },
    folder: 'INBOX',
  },
  {
    name: 'text: words are ANDed',
    filters: [{ query: { text: 'budget, report' }, action: to('Work') }],
    mail: { body: 'The report on the budget.' },
    folder: 'Work',
  },
  {
    name: 'text: one word missing',
    filters: [{ query: { text: 'budget report' }, action: to('Work') }],
    mail: { body: 'The budget only.' },
    folder: 'INBOX',
  },
  {
    name: 'text: OR alternatives',
    filters: [{ query: { text: 'holiday OR vacation' }, action: to('Work') }],
    mail: { body: 'Vacation plans' },
    folder: 'Work',
  },
  {
    name: 'text: an exact phrase',
    filters: [{ query: { text: '"quarterly numbers"' }, action: to('Work') }],
    mail: { body: 'the quarterly numbers are in' },
    folder: 'Work',
  },
  {
    name: 'text: phrase words apart',
    filters: [{ query: { text: '"quarterly numbers"' }, action: to('Work') }],
    mail: { body: 'numbers, quarterly' },
    folder: 'INBOX',
  },
  {
    name: 'ha: has an attachment',
    filters: [{ query: { ha: true }, action: to('Work') }],
    mail: { attachment: true },
    folder: 'Work',
  },
  {
    name: 'ha: no attachment',
    filters: [{ query: { ha: true }, action: to('Work') }],
    mail: {},
    folder: 'INBOX',
  },
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

async function prepare(c: {
  filters?: FilterSpec[];
  targets?: string[];
  spamLevel?: number;
  deleteFolders?: string[];
}) {
  const user = await newMailUser('flt');
  const client = server.client();
  await client.signIn(user.email, user.password);
  const imap = await imapAs(user);
  await imap.mailboxCreate('Work');
  await imap.mailboxCreate('Other');
  for (const filter of c.filters ?? []) await createFilter(client, filter);
  if (c.targets)
    expect(
      (await client.request('PUT', `${filtersBase}/targets`, { body: { targets: c.targets } })).status,
    ).toBe(200);
  if (c.spamLevel !== undefined) {
    expect(
      (await client.request('PUT', `${filtersBase}/spamLevel`, { body: { spamLevel: c.spamLevel } })).status,
    ).toBe(200);
  }
  for (const folder of c.deleteFolders ?? []) await imap.mailboxDelete(folder);
  return { user, client, imap };
}

let server: Awaited<ReturnType<typeof startServer>>;

describe('delivery through Postfix → LMTP → the compiled Sieve script', () => {
  beforeAll(async () => {
    server = await startServer('sqlite');
  });
  afterAll(() => server.close());

  it.each(cases)('$name', async (c) => {
    const { user, imap } = await prepare(c);
    try {
      const { raw, messageId } = buildMail({ ...c.mail }, user.email);
      await sendViaMta(attachMailstack(inject('mailstack')), raw, {
        from: 'someone@other.test',
        to: [user.email],
      });
      const outcome = await sieveLogOutcome(user.email, messageId);
      const stored = await storedAt(imap, messageId, [
        'INBOX',
        'Work',
        'Junk',
        ...(c.deleteFolders ? [] : ['Other']),
      ]);
      expect({ folder: stored?.folder ?? null, flags: stored?.flags ?? [] }).toEqual({
        folder: c.folder,
        flags: c.folder ? (c.flags ?? []).sort() : [],
      });
      expect(outcome.folder).toBe(c.folder);
      if (c.forwards) expect(outcome.forwards).toEqual([...c.forwards].sort());
    } finally {
      await imap.logout();
    }
  });

  it('really forwards: the copy arrives at the target and the local copy stays', async () => {
    const { user, imap } = await prepare({ targets: ['forward-check@elsewhere.test'] });
    try {
      const stack = attachMailstack(inject('mailstack'));
      const { raw, messageId } = buildMail({ subject: 'Forward me' }, user.email);
      await sendViaMta(stack, raw, { from: 'someone@other.test', to: [user.email] });
      await sieveLogOutcome(user.email, messageId);
      expect((await storedAt(imap, messageId, ['INBOX']))?.folder).toBe('INBOX');
      const sink = await imapAs(stack.sink);
      try {
        let found = null;
        for (let i = 0; i < 100 && !found; i += 1) {
          found = await storedAt(sink, messageId, ['INBOX']);
          if (!found) await new Promise((r) => setTimeout(r, 50));
        }
        expect(found?.folder).toBe('INBOX');
      } finally {
        await sink.logout();
      }
    } finally {
      await imap.logout();
    }
  });

  /**
   * Size bounds are inclusive at exactly N−1, N, N+1 bytes of the message as Sieve sees it. These go straight to
   * LMTP: Postfix's own Received line carries a queue id whose length varies between deliveries, which would move
   * the size by a byte; LMTP's additions have a fixed length. N is read back from a first delivery (RFC822.SIZE).
   */
  it.each([
    ['+(N−1) matches', -1, 1, true],
    ['+N matches', 0, 1, true],
    ['+(N+1) does not', 1, 1, false],
    ['−(N−1) does not', -1, -1, false],
    ['−N matches', 0, -1, true],
    ['−(N+1) matches', 1, -1, true],
  ] as const)('size %s', async (_name, offset, sign, hit) => {
    const stack = attachMailstack(inject('mailstack'));
    const { user, client, imap } = await prepare({});
    try {
      const body = 'x'.repeat(700);
      const first = buildMail({ body, subject: 'Size probe' }, user.email);
      await deliverViaLmtp(stack, first.raw, { from: 'someone@other.test', to: [user.email] });
      // No script yet, so no Sieve log line: wait for the message itself.
      for (let i = 0; i < 100 && !(await storedAt(imap, first.messageId, ['INBOX'])); i += 1) {
        await new Promise((r) => setTimeout(r, 50));
      }
      const lock = await imap.getMailboxLock('INBOX');
      let n: number;
      try {
        const message = await imap.fetchOne('*', { size: true });
        n = message ? message.size! : 0;
      } finally {
        lock.release();
      }
      await createFilter(client, { query: { size: sign * (n + offset) }, action: to('Work') });
      // Same length of Message-ID, so the second message has the same size.
      const second = buildMail({ body, subject: 'Size probe' }, user.email);
      expect(second.raw.length).toBe(first.raw.length);
      await deliverViaLmtp(stack, second.raw, { from: 'someone@other.test', to: [user.email] });
      const outcome = await sieveLogOutcome(user.email, second.messageId);
      expect(outcome.folder).toBe(hit ? 'Work' : 'INBOX');
      const stored = await storedAt(imap, second.messageId, ['INBOX', 'Work']);
      expect(stored?.folder).toBe(hit ? 'Work' : 'INBOX');
    } finally {
      await imap.logout();
    }
  });
});
