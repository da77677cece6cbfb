import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Folder, MessageDetail, MessageListResponse } from '@webmail/contracts';
import type { TestClient } from '../support/http-client.testing.js';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';

/** The message answer carries the List-Id's identifier ("filter messages like this" pre-fills from it). */
describe('a message’s List-Id', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;
  let inboxId: string;

  beforeAll(async () => {
    server = await startServer('sqlite');
    const user = await newMailUser('listid');
    const imap = await imapAs(user);
    const send = async (subject: string, headers: Record<string, string>) =>
      imap.append(
        'INBOX',
        await composeRaw({ from: 'a@lists.test', to: user.email, subject, text: 'x', headers }),
        [],
      );
    await send('Bracketed', { 'List-Id': 'Weekly news <weekly.lists.test>' });
    await send('Bare', { 'List-Id': 'bare.lists.test' });
    await send('Personal', {});
    await imap.logout();
    client = server.client();
    await client.signIn(user.email, user.password);
    const tree = await client.get<{ mailboxes: Folder[] }>('/api/u/0/mailbox');
    inboxId = tree.body.mailboxes.find((f) => f.specialUse === 'inbox')!.id;
  });
  afterAll(() => server.close());

  it('answers the part inside <…>, the whole bare value, or null', async () => {
    const list = await client.get<MessageListResponse>(`/api/u/0/mailbox/${inboxId}/messages`);
    const bySubject = new Map(list.body.messages.map((m) => [m.subject, m.id]));
    const listId = async (subject: string) =>
      (await client.get<MessageDetail>(`/api/u/0/mailbox/${inboxId}/messages/${bySubject.get(subject)}`)).body
        .listId;
    expect(await listId('Bracketed')).toBe('weekly.lists.test');
    expect(await listId('Bare')).toBe('bare.lists.test');
    expect(await listId('Personal')).toBeNull();
  });
});
