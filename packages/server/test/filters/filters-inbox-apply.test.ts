import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Filter, Folder } from '@webmail/contracts';
import type { ImapFlow } from 'imapflow';
import type { TestClient } from '../support/http-client.testing.js';
import { buildMail, createFilter, filtersBase as base, storedAt } from '../support/filters.testing.js';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';

/** "Also apply to the matching messages already in Inbox": the count first, then the actions on exactly those. */
describe('a filter applied to the mail already in Inbox', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;
  let imap: ImapFlow;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startServer('sqlite');
    const user = await newMailUser('fapply');
    imap = await imapAs(user);
    const mails = {
      news1: {
        from: 'News <news@lists.test>',
        subject: 'Issue one',
        listId: 'Weekly news <weekly.lists.test>',
      },
      news2: { from: 'News <news@lists.test>', subject: 'Issue two', listId: '<weekly.lists.test>' },
      other: { from: 'Other <other@lists.test>', subject: 'Other list', listId: '<other.lists.test>' },
      boss: { from: 'Assistant <pa@work.test>', sender: 'Boss <boss@work.test>', subject: 'Plans' },
      bossDirect: { from: 'Boss <boss@work.test>', subject: 'Budget', body: 'The budget for spring' },
    };
    for (const [key, mail] of Object.entries(mails)) {
      const { raw, messageId } = buildMail(mail, user.email);
      ids[key] = messageId;
      await imap.append('INBOX', raw, []);
    }
    client = server.client();
    await client.signIn(user.email, user.password);
  });
  afterAll(async () => {
    await imap.logout();
    await server.close();
  });

  it('counts the Inbox messages a filter matches (List-Id inside <…>, Sender with From, body words)', async () => {
    const count = async (filter: Filter) =>
      (await client.get<{ count: number }>(`${base}/${filter.id}/inboxMatches`)).body.count;
    const list = await createFilter(client, {
      query: { listId: 'Weekly news <weekly.lists.test>' },
      action: { seen: true },
    });
    expect(await count(list)).toBe(2);
    const boss = await createFilter(client, { query: { from: 'boss@work.test' }, action: { flag: true } });
    expect(await count(boss)).toBe(2);
    const words = await createFilter(client, {
      query: { from: 'boss', text: 'spring OR autumn' },
      action: { flag: true },
    });
    expect(await count(words)).toBe(1);
    const none = await createFilter(client, {
      query: { subject: 'no such subject' },
      action: { flag: true },
    });
    expect(await count(none)).toBe(0);
  });

  it('marks and moves exactly the matching messages, and leaves the rest', async () => {
    const folder = (await client.post<Folder>('/api/u/0/mailbox/folders', { name: 'Weekly' })).body;
    const filter = await createFilter(client, {
      query: { listId: 'weekly.lists.test' },
      action: { seen: true, mailbox: 'Weekly' },
    });
    expect(filter.action.mailbox).toBe(folder.id);
    const applied = await client.post<{ total: number; handled: number }>(
      `${base}/${filter.id}/applyToInbox`,
    );
    expect(applied.status).toBe(200);
    expect(applied.body).toEqual({ total: 2, handled: 2 });
    const folders = ['INBOX', 'Weekly'];
    expect(await storedAt(imap, ids.news1!, folders)).toEqual({ folder: 'Weekly', flags: ['\\Seen'] });
    expect(await storedAt(imap, ids.news2!, folders)).toEqual({ folder: 'Weekly', flags: ['\\Seen'] });
    expect(await storedAt(imap, ids.other!, folders)).toEqual({ folder: 'INBOX', flags: [] });
    expect(await storedAt(imap, ids.boss!, folders)).toEqual({ folder: 'INBOX', flags: [] });
    // Nothing is left to apply it to.
    expect((await client.get<{ count: number }>(`${base}/${filter.id}/inboxMatches`)).body.count).toBe(0);
  });

  it('answers 404 for a filter that is not there (or another account’s)', async () => {
    const missing = await client.get<ApiError>(`${base}/nope/inboxMatches`);
    expect(missing.status).toBe(404);
    expect(missing.body.reason).toBe('filterNotFound');
    const other = server.client();
    const stranger = await newMailUser('fapply2');
    await other.signIn(stranger.email, stranger.password);
    const mine = await createFilter(client, { query: { subject: 'x' }, action: { flag: true } });
    expect((await other.post<ApiError>(`${base}/${mine.id}/applyToInbox`)).status).toBe(404);
  });
});
