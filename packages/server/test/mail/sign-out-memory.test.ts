import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Folder, MailboxTreeResponse, MessageListResponse } from '@webmail/contracts';
import { EventStreamReader } from '../support/event-stream.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { deliver } from '../support/reading.testing.js';

/**
 * What a signed-in user leaves in the server's memory — the IMAP connection, the cached lists, the conversation
 * indexes, the sanitized bodies, the quota, the watcher's sessions — is gone once they sign out.
 */
describe('memory after sign-out', () => {
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    // Without the graces the watcher and the conversation indexes otherwise get (tested where they are built).
    server = await startServer('sqlite', {
      EVENT_WATCHER_GRACE_SECONDS: '0',
      CONVERSATION_INDEX_GRACE_SECONDS: '0',
    });
  });
  afterAll(() => server.close());

  it("drops the account's connection, lists, indexes, bodies, quota and watcher", async () => {
    const user = await newMailUser('memory');
    await deliver(user.email, [
      await composeRaw({ from: 'a@example.com', to: user.email, subject: 'Kept?', html: '<p>Body</p>' }),
    ]);
    const client = server.client();
    await client.signIn(user.email, user.password);
    const { services } = server.app;
    const { caches } = services;
    const sessionsBefore = services.imapPool.size;

    const tree = (await client.get<MailboxTreeResponse>('/api/u/0/mailbox')).body.mailboxes;
    const inbox = tree.find((f) => f.specialUse === 'inbox') as Folder;
    const list = await client.get<MessageListResponse>(`/api/u/0/mailbox/${inbox.id}/messages?limit=50`);
    const uid = list.body.messages[0]!.id;
    expect((await client.get(`/api/u/0/mailbox/${inbox.id}/messages/${uid}`)).status).toBe(200);
    expect((await client.get('/api/u/0/details')).status).toBe(200);
    const events = await EventStreamReader.open(client, 0);
    await services.events.watchers.of(user.email);
    await vi.waitFor(() => expect(caches.threadIndexes.sizeOf(user.email)).toBeGreaterThan(0), {
      timeout: 10_000,
    });

    expect(caches.messageBodies.sizeOf(user.email)).toBe(1);
    expect(caches.quotas.size).toBeGreaterThan(0);
    expect(services.events.watchers.sessionsOf(user.email)).toHaveLength(1);
    const quotas = caches.quotas.size;
    const sessionId = [...(await sessionIds(server, user.email))][0]!;
    expect(caches.sortedUids.sizeOf(sessionId)).toBeGreaterThan(0);

    expect((await client.post('/api/auth/logout?userIndex=0')).status).toBe(200);
    await events.next((e) => e.command === 'logout');
    events.close();

    await vi.waitFor(() => expect(services.imapPool.size).toBe(sessionsBefore - 1));
    expect(caches.sortedUids.sizeOf(sessionId)).toBe(0);
    expect(caches.threadIndexes.sizeOf(user.email)).toBe(0);
    expect(caches.messageBodies.sizeOf(user.email)).toBe(0);
    expect(caches.quotas.size).toBe(quotas - 1);
    await vi.waitFor(() => expect(services.events.watchers.sessionsOf(user.email)).toHaveLength(0));
    await vi.waitFor(() => expect(services.events.watchers.statusOf(user.email, 'INBOX')).toBeNull());
  });
});

async function sessionIds(server: Awaited<ReturnType<typeof startServer>>, email: string) {
  const rows = await server.app.services.db
    .selectFrom('sessions')
    .select('id')
    .where('email', '=', email)
    .execute();
  return rows.map((r) => r.id);
}
