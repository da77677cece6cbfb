import { describe, expect, it, inject } from 'vitest';
import { attachMailstack, deliverViaLmtp, sendViaMta } from '@webmail/mailstack';
import { imapAs, serverForTests } from '../support/harness.testing.js';
import { buildMail, createFilter, sieveLogOutcome, storedAt } from '../support/filters.testing.js';
import { deliverCase, prepareDelivery, to, type Case } from '../support/filters-delivery.testing.js';

/**
 * Acceptance 1: real deliveries, Postfix (MTA port) → LMTP → the compiled Sieve script, one fresh account per case.
 * These are the criteria; `filters-delivery-actions.test.ts` has the actions, forwarding and spam levels.
 * Filters are made through the API, so each case also runs the routes, the compiler and the ManageSieve upload.
 * Where the message went and its flags are read over IMAP; forwards from Pigeonhole's own log lines.
 */
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
];

describe('delivery through Postfix → LMTP → the compiled Sieve script', () => {
  const server = serverForTests();

  it.each(cases)('$name', (c) => deliverCase(server(), c));

  it('really forwards: the copy arrives at the target and the local copy stays', async () => {
    const { user, imap } = await prepareDelivery(server(), { targets: ['forward-check@elsewhere.test'] });
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
    const { user, client, imap } = await prepareDelivery(server(), {});
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
