import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, OutboxEntry, ScheduledListResponse } from '@webmail/contracts';
import { MovableClock } from '../../src/infra/test-clock.js';
import { dbKinds, newMailUser, startServer, type DbKind } from '../support/harness.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import {
  folderMessages,
  persistentStorage,
  waitFor,
  waitForMessages,
  type MailUser,
} from '../support/compose.testing.js';

const hour = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();
type Server = Awaited<ReturnType<typeof startServer>>;

async function schedule(client: TestClient, draftId: string, subject: string, sendAt: number, to: MailUser) {
  const draft = { to: [{ name: '', address: to.email }], subject, html: `<p>${subject} body</p>` };
  return client.post<OutboxEntry & ApiError>('/api/u/0/compose/send', { draftId, draft, sendAt: at(sendAt) });
}

const subjectsIn = async (user: MailUser, folder: string) =>
  (await folderMessages(user, folder)).map((m) => m.envelope.subject);

/** Copies of `subject` in the recipient's Inbox once the sender's Sent copy is stored (the send is then done). */
async function deliveredCopies(server: Server, sender: MailUser, recipient: MailUser, subject: string) {
  await waitFor(
    async () => {
      await server.app.services.runJob('outbox');
      return subjectsIn(sender, 'Sent');
    },
    (list) => list.includes(subject),
  );
  await waitForMessages(recipient, 'INBOX', 1);
  return (await subjectsIn(recipient, 'INBOX')).filter((s) => s === subject).length;
}

describe.each(dbKinds)('send later on %s', (db: DbKind) => {
  let alice: MailUser;
  let bob: MailUser;
  let server: Server;
  let clock: MovableClock;
  let storage: Record<string, string>;

  beforeAll(async () => {
    alice = await newMailUser('alice');
    bob = await newMailUser('bob');
    clock = new MovableClock();
    storage = await persistentStorage(db);
    server = await startServer(db, storage, { clock });
  });
  afterAll(() => server.close());

  const signedIn = async () => {
    const client = server.client();
    await client.signIn(alice.email, alice.password);
    return client;
  };

  it('waits in Scheduled, then is delivered exactly once at its time with the sender signed out', async () => {
    const client = await signedIn();
    const scheduled = await schedule(client, crypto.randomUUID(), 'At its time', clock.now() + hour, bob);
    expect(scheduled.status).toBe(202);
    expect(scheduled.body).toMatchObject({ status: 'queued', scheduled: true });
    const list = await client.get<ScheduledListResponse>('/api/u/0/compose/scheduled');
    expect(list.body.count).toBe(1);
    expect(list.body.entries[0]).toMatchObject({ id: scheduled.body.id, dueAt: scheduled.body.dueAt });
    await client.post('/api/auth/logout?userIndex=0');

    clock.advance(hour - 60_000);
    await server.app.services.runJob('outbox');
    expect(await subjectsIn(bob, 'INBOX')).not.toContain('At its time');

    clock.advance(61_000);
    expect(await deliveredCopies(server, alice, bob, 'At its time')).toBe(1);
    // More passes (and this process's own ticks) find nothing left to send.
    await server.app.services.runJob('outbox');
    expect((await subjectsIn(bob, 'INBOX')).filter((s) => s === 'At its time')).toHaveLength(1);
    expect(await subjectsIn(alice, 'Drafts')).not.toContain('At its time');
    const again = await signedIn();
    expect((await again.get<ScheduledListResponse>('/api/u/0/compose/scheduled')).body.count).toBe(0);
    const entry = await again.get<OutboxEntry>(`/api/u/0/compose/outbox/${scheduled.body.id}`);
    expect(entry.body).toMatchObject({ status: 'sent', scheduled: true });
  });

  it('an edited scheduled message sends the edit, once', async () => {
    const client = await signedIn();
    const draftId = crypto.randomUUID();
    const first = await schedule(client, draftId, 'Before the edit', clock.now() + hour, bob);
    // Opening it to edit unschedules it: the draft is back in Drafts, nothing waits.
    const opened = await client.post<OutboxEntry>(`/api/u/0/compose/outbox/${first.body.id}/cancel`);
    expect(opened.body.status).toBe('cancelled');
    expect(await subjectsIn(alice, 'Drafts')).toContain('Before the edit');
    const edited = await schedule(client, draftId, 'After the edit', clock.now() + 2 * hour, bob);
    expect(edited.body).toMatchObject({ id: first.body.id, status: 'queued', scheduled: true });
    clock.advance(2 * hour + 1000);
    expect(await deliveredCopies(server, alice, bob, 'After the edit')).toBe(1);
    expect(await subjectsIn(bob, 'INBOX')).not.toContain('Before the edit');
  });

  it('a rescheduled message waits for its new time; send now sends at once', async () => {
    const client = await signedIn();
    const later = await schedule(client, crypto.randomUUID(), 'Moved later', clock.now() + hour, bob);
    const moved = await client.post<OutboxEntry>(`/api/u/0/compose/outbox/${later.body.id}/reschedule`, {
      sendAt: at(clock.now() + 3 * hour),
    });
    expect(Date.parse(moved.body.dueAt)).toBeGreaterThan(clock.now() + 2 * hour);
    clock.advance(2 * hour);
    await server.app.services.runJob('outbox');
    const waiting = await client.get<OutboxEntry>(`/api/u/0/compose/outbox/${later.body.id}`);
    expect(waiting.body.status).toBe('queued');
    expect(await subjectsIn(bob, 'INBOX')).not.toContain('Moved later');

    const now = await schedule(client, crypto.randomUUID(), 'Sent right now', clock.now() + 24 * hour, bob);
    await client.post(`/api/u/0/compose/outbox/${now.body.id}/sendNow`);
    expect(await deliveredCopies(server, alice, bob, 'Sent right now')).toBe(1);

    clock.advance(hour + 1000);
    expect(await deliveredCopies(server, alice, bob, 'Moved later')).toBe(1);
  });

  it('refuses a time in the past or too far ahead with field errors, and saves nothing', async () => {
    const client = await signedIn();
    for (const [sendAt, code] of [
      [clock.now() - 1000, 'sendAtInPast'],
      [clock.now(), 'sendAtInPast'],
      [clock.now() + 367 * 24 * hour, 'sendAtTooFar'],
    ] as const) {
      const answer = await schedule(client, crypto.randomUUID(), `Refused ${code}`, sendAt, bob);
      expect(answer.status).toBe(422);
      expect(answer.body.fieldErrors?.sendAt?.[0]?.code).toBe(code);
    }
    expect((await subjectsIn(alice, 'Drafts')).filter((s) => s?.startsWith('Refused'))).toEqual([]);
    const entry = await schedule(client, crypto.randomUUID(), 'Due', clock.now() + hour, bob);
    const moved = await client.post<ApiError>(`/api/u/0/compose/outbox/${entry.body.id}/reschedule`, {
      sendAt: at(clock.now() - hour),
    });
    expect(moved.status).toBe(422);
    await client.post(`/api/u/0/compose/outbox/${entry.body.id}/cancel`);
  });
});

describe('send later in password mode', () => {
  it('is unavailable, with its reason, and nothing is queued', async () => {
    const alice = await newMailUser('alice');
    const bob = await newMailUser('bob');
    const server = await startServer('sqlite', { MAIL_ACCESS: 'password' });
    try {
      const client = server.client();
      await client.signIn(alice.email, alice.password);
      const answer = await schedule(client, crypto.randomUUID(), 'Never', Date.now() + hour, bob);
      expect(answer.status).toBe(403);
      expect(answer.body.reason).toBe('sendLaterUnavailable');
      expect((await client.get<ScheduledListResponse>('/api/u/0/compose/scheduled')).body.count).toBe(0);
    } finally {
      await server.close();
    }
  });
});
