import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEntry, OutboxListResponse } from '@webmail/contracts';
import { MovableClock } from '../../src/infra/test-clock.js';
import { dbKinds, newMailUser, startServer } from '../support/harness.testing.js';
import { TestClient } from '../support/http-client.testing.js';
import {
  folderMessages,
  persistentStorage,
  send,
  startComposeServer,
  upload,
  waitFor,
  waitForMessages,
  type MailUser,
} from '../support/compose.testing.js';

const draftIdOf = (raw: Buffer) => /^X-Webmail-Draft-Id: (.+)$/im.exec(raw.toString('latin1'))?.[1]?.trim();

/**
 * One whole run of the outbox job that starts now: a run already under way (which may have read the clock
 * before the test moved it) is waited for first.
 */
async function aWholeOutboxRun(server: Awaited<ReturnType<typeof startServer>>) {
  await server.app.services.runJob('outbox');
  await server.app.services.runJob('outbox');
}

describe.each(dbKinds)('outbox and undo send on %s', (db) => {
  let alice: MailUser;
  let bob: MailUser;

  beforeAll(async () => {
    alice = await newMailUser('alice');
    bob = await newMailUser('bob');
  });

  it('undo within the window delivers nothing and leaves the draft in Drafts; sending again works', async () => {
    const clock = new MovableClock();
    const server = await startServer(db, await persistentStorage(db), { clock });
    try {
      const client = server.client();
      await client.signIn(alice.email, alice.password);
      const draftId = crypto.randomUUID();
      const draft = { to: [{ name: 'Bob', address: bob.email }], subject: 'Undo me', html: '<p>Maybe</p>' };
      const queued = await send(client, draftId, draft, 3);
      expect(queued.status).toBe(202);
      expect(queued.body).toMatchObject({ status: 'queued', draftId });
      expect(Date.parse(queued.body.dueAt) - Date.parse(queued.body.createdAt)).toBeGreaterThanOrEqual(3000);
      const list = await client.get<OutboxListResponse>('/api/u/0/compose/outbox');
      expect(list.body.entries.map((e) => e.id)).toContain(queued.body.id);
      const cancelled = await client.post<OutboxEntry>(`/api/u/0/compose/outbox/${queued.body.id}/cancel`);
      expect(cancelled.body).toMatchObject({ id: queued.body.id, status: 'cancelled' });
      // Past the undo window, the outbox has run and delivered nothing.
      clock.advance(4500);
      await aWholeOutboxRun(server);
      expect(await folderMessages(bob, 'INBOX')).toHaveLength(0);
      expect(await folderMessages(alice, 'Sent')).toHaveLength(0);
      const drafts = await folderMessages(alice, 'Drafts');
      expect(drafts.map((m) => draftIdOf(m.source))).toEqual([draftId]);
      const entry = await client.get<OutboxEntry>(`/api/u/0/compose/outbox/${queued.body.id}`);
      expect(entry.body.status).toBe('cancelled');

      const again = await send(client, draftId, draft, 0);
      expect(again.body).toMatchObject({ id: queued.body.id, status: 'sent' });
      await waitForMessages(bob, 'INBOX', 1);
      expect(await folderMessages(alice, 'Drafts')).toHaveLength(0);
      const late = await client.post<OutboxEntry>(`/api/u/0/compose/outbox/${queued.body.id}/cancel`);
      expect(late.body.status).toBe('sent');
    } finally {
      await server.close();
    }
  });

  it('a send queued before a server restart is delivered once after it', async () => {
    const storage = await persistentStorage(db);
    const first = await startServer(db, storage);
    const client = first.client();
    await client.signIn(alice.email, alice.password);
    const before = (await folderMessages(bob, 'INBOX')).length;
    const queued = await send(
      client,
      crypto.randomUUID(),
      {
        to: [{ name: '', address: bob.email }],
        subject: 'Survives a restart',
        html: '<p>Still here</p>',
      },
      2,
    );
    expect(queued.body.status).toBe('queued');
    await first.close();
    expect((await folderMessages(bob, 'INBOX')).length).toBe(before);

    // The send falls due while no server runs: the next one starts with its time passed.
    const clock = new MovableClock();
    clock.advance(2500);
    const second = await startServer(db, storage, { clock });
    try {
      const after = await waitForMessages(bob, 'INBOX', before + 1);
      // Later runs of the outbox do not send it again.
      clock.advance(1500);
      await aWholeOutboxRun(second);
      const copies = (await folderMessages(bob, 'INBOX')).filter(
        (m) => m.envelope.subject === 'Survives a restart',
      );
      expect(copies).toHaveLength(1);
      expect(after.length).toBe(before + 1);
      const resumed = new TestClient(second.baseUrl);
      for (const [name, cookie] of client.cookies) resumed.cookies.set(name, cookie);
      const entry = await waitFor(
        async () => (await resumed.get<OutboxEntry>(`/api/u/0/compose/outbox/${queued.body.id}`)).body,
        (e) => e.status === 'sent',
      );
      expect(entry).toMatchObject({ status: 'sent', attempts: 1 });
      const sent = await waitFor(
        () => folderMessages(alice, 'Sent'),
        (l) => l.some((m) => m.envelope.subject === 'Survives a restart'),
      );
      expect(sent.filter((m) => m.envelope.subject === 'Survives a restart')).toHaveLength(1);
      const drafts = await waitFor(
        () => folderMessages(alice, 'Drafts'),
        (l) => l.length === 0,
      );
      expect(drafts).toHaveLength(0);
    } finally {
      await second.close();
    }
  });
});

describe('SMTP refusals', () => {
  let server: Awaited<ReturnType<typeof startComposeServer>>;
  let client: TestClient;
  let alice: MailUser;

  beforeAll(async () => {
    server = await startComposeServer('sqlite');
    alice = await newMailUser('alice');
    client = server.client();
    await client.signIn(alice.email, alice.password);
  });
  afterAll(() => server.close());

  it('delivers a message at the composer limit (the sandbox Postfix accepts it after base64)', async () => {
    // 2 × 12.5 MB is within the composer's 25 MiB; base64 makes it ~34 MB on the wire, so the mail server
    // must accept more than the composer allows (the sandbox's message_size_limit is 40 MiB). A refusal for
    // size is mapped to `messageTooBig` (unit-tested in smtp-errors.test.ts).
    const draftId = crypto.randomUUID();
    const part = Buffer.alloc(12_500_000, 7);
    const a = await upload(
      client,
      { name: 'a.bin', type: 'application/octet-stream', content: part },
      { draftId },
    );
    const b = await upload(
      client,
      { name: 'b.bin', type: 'application/octet-stream', content: part },
      { draftId },
    );
    const bob = await newMailUser('bob');
    const res = await send(client, draftId, {
      to: [{ name: '', address: bob.email }],
      subject: 'Huge',
      html: '<p>big</p>',
      attachments: [a.body, b.body],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'sent', failure: null });
    const [received] = await waitForMessages(bob, 'INBOX', 1, 60_000);
    expect(received!.source.length).toBeGreaterThan(33_000_000);
    expect(await folderMessages(alice, 'Drafts')).toHaveLength(0);
  });
});
