import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { attachMailstack, countImapLogins, multiAppend } from '@webmail/mailstack';
import type { Folder, MessageDetail, MessageListResponse } from '@webmail/contracts';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';

const bulkSize = 5000;

/**
 * Successful IMAP logins of one user, counted from Dovecot's own log: the server cannot fake this.
 * Dovecot's log process writes a moment after the login, so the count is read once it stops changing.
 */
async function dovecotLogins(email: string): Promise<number> {
  const stack = attachMailstack(inject('mailstack'));
  let last = -1;
  for (let i = 0; i < 20; i += 1) {
    const count = await countImapLogins(stack, email);
    if (count === last) return count;
    last = count;
    await new Promise((r) => setTimeout(r, 100));
  }
  return last;
}

describe('one persistent IMAP connection per signed-in user', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let user: { email: string; password: string };

  beforeAll(async () => {
    server = await startServer('sqlite');
    user = await newMailUser('bulk');
    const imap = await imapAs(user);
    await imap.mailboxCreate('Lists');
    await imap.logout();
    const template = (
      await composeRaw({ from: 'list@example.org', to: user.email, subject: 'Digest #N', text: 'x' })
    ).toString('utf8');
    const start = Date.UTC(2026, 0, 1);
    // One MULTIAPPEND instead of 5,000 APPENDs: seconds instead of most of a minute.
    await multiAppend(
      {
        host: '127.0.0.1',
        port: inject('mailstack').ports.imap,
        user: user.email,
        pass: user.password,
        mailbox: 'Lists',
      },
      Array.from({ length: bulkSize }, (_, n) => ({
        raw: Buffer.from(template.replace('Digest #N', `Digest #${n + 1}`)),
        flags: n % 3 ? ['\\Seen'] : [],
        internalDate: new Date(start + n * 60_000),
      })),
    );
  }, 120_000);
  afterAll(() => server.close());

  it('serves the folder list and pages of a 5,000-message folder without a new IMAP login', async () => {
    const client = server.client();
    const before = await dovecotLogins(user.email);
    await client.signIn(user.email, user.password);
    expect(await dovecotLogins(user.email)).toBe(before + 1);

    const tree = await client.get<{ mailboxes: Folder[] }>('/api/u/0/mailbox');
    const lists = tree.body.mailboxes.find((f) => f.path === 'Lists')!;
    expect(lists.total).toBe(bulkSize);
    const first = await client.get<MessageListResponse>(`/api/u/0/mailbox/${lists.id}/messages?limit=50`);
    expect(first.body.total).toBe(bulkSize);
    expect(first.body.messages).toHaveLength(50);
    expect(first.body.messages[0]!.subject).toBe(`Digest #${bulkSize}`);
    const deep = await client.get<MessageListResponse>(
      `/api/u/0/mailbox/${lists.id}/messages?offset=4990&limit=50`,
    );
    expect(deep.body.messages.map((m) => m.subject).at(-1)).toBe('Digest #1');
    const one = await client.get<MessageDetail>(
      `/api/u/0/mailbox/${lists.id}/messages/${first.body.messages[0]!.id}`,
    );
    expect(one.status).toBe(200);

    // Besides the session's connection, the account reads its conversation indexes once, in the background, on a
    // connection of its own (logged out when done): wait for that, so the count does not depend on timing.
    const indexes = server.app.services.caches.threadIndexes;
    await expect.poll(() => indexes.complete(user.email, 'Lists'), { timeout: 30_000 }).toBe(true);
    expect(await dovecotLogins(user.email)).toBe(before + 2);
  });
});
