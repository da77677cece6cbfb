import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppEventOf, Folder, MailboxTreeResponse } from '@webmail/contracts';
import { EventStreamReader, expectMailEvents } from '../support/event-stream.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { deliver } from '../support/reading.testing.js';

describe('event stream', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  const open: EventStreamReader[] = [];
  const stream = async (...args: Parameters<typeof EventStreamReader.open>) => {
    const reader = await EventStreamReader.open(...args);
    open.push(reader);
    return reader;
  };

  beforeAll(async () => {
    server = await startServer('sqlite');
  });
  afterAll(async () => {
    for (const reader of open) reader.close();
    await server.close();
  });

  async function signedIn(prefix: string) {
    const user = await newMailUser(prefix);
    const client = server.client();
    await client.signIn(user.email, user.password);
    const tree = (await client.get<MailboxTreeResponse>('/api/u/0/mailbox')).body.mailboxes;
    const inbox = tree.find((f) => f.specialUse === 'inbox') as Folder;
    return { user, client, inbox };
  }

  it('answers 401 without a session of that user index', async () => {
    const { client } = await signedIn('ev-auth');
    expect((await stream(client, 1)).status).toBe(401);
    expect((await stream(server.client(), 0)).status).toBe(401);
  });

  it('sends new mail with its row, the counters, and flag changes and expunges made by another client', async () => {
    const { user, client, inbox } = await signedIn('ev-mail');
    const events = await stream(client, 0);
    expect(events.status).toBe(200);
    await server.app.services.events.watchers.of(user.email);

    await expectMailEvents(events, user, inbox.id, 'Live one');
  });

  it('opens a new stream with `connected` once the mailbox watcher has its baseline, with the counts of then; mail delivered after arrives', async () => {
    const { user, client, inbox } = await signedIn('ev-ready');
    // Mail comes after the client read the folders, before its stream is open: no event will tell of it.
    const before = 'Before the stream';
    await deliver(user.email, [
      await composeRaw({ from: 'a@example.com', to: user.email, subject: before, text: 'x' }),
    ]);
    const events = await stream(client, 0);
    const connected = await events.next((e) => e.command === 'connected');
    // No waiting for the watcher: `connected` came after it took the folders' states as its baseline, and has
    // the counts of then, which the client compares with what it read.
    expect(server.app.services.events.watchers.statusOf(user.email, 'INBOX')).not.toBeNull();
    expect(connected.event).toMatchObject({
      counters: expect.arrayContaining([{ mailboxId: inbox.id, unseen: 1, total: 1 }]),
    });

    const subject = 'Right after connected';
    await deliver(user.email, [
      await composeRaw({ from: 'a@example.com', to: user.email, subject, text: 'x' }),
    ]);
    const arrived = await events.next((e) => e.command === 'EXISTS');
    expect(arrived.event).toMatchObject({
      mailboxId: inbox.id,
      messages: [expect.objectContaining({ subject })],
    });
  });

  it('reads new mail ahead for a session showing its folder, and knows the folder states without a STATUS', async () => {
    const { user, client, inbox } = await signedIn('ev-ahead');
    // The session's connection has the Inbox selected, as when the user looks at it.
    expect((await client.get(`/api/u/0/mailbox/${inbox.id}/messages?limit=50`)).status).toBe(200);
    // The list's background conversation indexes are read (the listed folder last, so it is selected again).
    const indexes = server.app.services.caches.threadIndexes;
    await vi.waitFor(() => expect(indexes.has(user.email, 'INBOX')).toBe(true), { timeout: 10_000 });
    const events = await stream(client, 0);
    await server.app.services.events.watchers.of(user.email);
    const cache = server.app.services.caches.messageBodies;
    const cached = cache.size;

    const html = '<p>Read <b>ahead</b> on arrival</p>';
    await deliver(user.email, [
      await composeRaw({
        from: 'sender@example.com',
        to: user.email,
        subject: 'Ahead',
        text: 'Read ahead',
        html,
      }),
    ]);
    const exists = (await events.next((e) => e.command === 'EXISTS')).event as AppEventOf<'EXISTS'>;
    // Sanitized before anyone opened it.
    await vi.waitFor(() => expect(cache.size).toBe(cached + 1), { timeout: 10_000 });
    expect(server.app.services.events.watchers.statusOf(user.email, 'INBOX')).toMatchObject({
      messages: 1,
      unseen: 1,
    });
    expect(server.app.services.events.watchers.statusOf(user.email, 'No such folder')).toBeNull();
    const detail = await client.get<{ html: string | null; seen: boolean }>(
      `/api/u/0/mailbox/${inbox.id}/messages/${exists.messages[0]!.id}`,
    );
    expect(detail.body.html).toContain('ahead</b> on arrival');
    // Reading ahead changed nothing the user sees: the message is still unread.
    expect(detail.body.seen).toBe(false);
    expect(cache.size).toBe(cached + 1);
  });

  it("sends a folder created in one browser to the user's other browser, and to nobody else", async () => {
    const { user, client } = await signedIn('ev-folders');
    const other = server.client();
    await other.signIn(user.email, user.password);
    const elsewhere = await signedIn('ev-stranger');
    const mine = await stream(other, 0);
    const theirs = await stream(elsewhere.client, 0);

    const created = await client.post<Folder>('/api/u/0/mailbox/folders', { name: 'Live folder' });
    expect(created.status).toBe(200);
    const event = await mine.next((e) => e.command === 'folderCreate');
    expect(event.event).toEqual({ command: 'folderCreate', mailboxId: created.body.id });
    expect(event.id).toBeGreaterThan(0);
    // The stranger's stream is open and quiet: a change of theirs arrives, ours never did.
    await elsewhere.client.post<Folder>('/api/u/0/mailbox/folders', { name: 'Theirs' });
    await theirs.next((e) => e.command === 'folderCreate');
    expect(theirs.events.filter((e) => e.event.command === 'folderCreate')).toHaveLength(1);
  });

  it('keeps user index 1 and user index 0 of one browser apart', async () => {
    const first = await newMailUser('ev-slot0');
    const second = await newMailUser('ev-slot1');
    const client = server.client();
    await client.signIn(first.email, first.password);
    expect((await client.signIn(second.email, second.password)).userIndex).toBe(1);
    const zero = await stream(client, 0);
    const one = await stream(client, 1);
    await client.post('/api/u/1/mailbox/folders', { name: 'Second only' });
    await one.next((e) => e.command === 'folderCreate');
    await client.post('/api/u/0/mailbox/folders', { name: 'First only' });
    await zero.next((e) => e.command === 'folderCreate');
    expect(zero.events.filter((e) => e.event.command === 'folderCreate')).toHaveLength(1);
    expect(one.events.filter((e) => e.event.command === 'folderCreate')).toHaveLength(1);
  });

  it('replays what a reconnecting stream missed (Last-Event-ID), and says resync when it is too old', async () => {
    const { client } = await signedIn('ev-replay');
    const first = await stream(client, 0);
    await client.post('/api/u/0/mailbox/folders', { name: 'Before' });
    const seen = await first.next((e) => e.command === 'folderCreate');
    first.close();
    const missed = await client.post<Folder>('/api/u/0/mailbox/folders', { name: 'While away' });
    await client.patch('/api/u/0/details', { displayDensity: 'compact' });

    for (const header of [false, true]) {
      const again = await stream(client, 0, { lastEventId: seen.id!, header });
      const replayed = await again.next((e) => e.command === 'accountDetailsUpdated');
      const commands = again.events.map((e) => e.event);
      expect(commands.slice(0, 2)).toEqual([
        { command: 'folderCreate', mailboxId: missed.body.id },
        { command: 'accountDetailsUpdated' },
      ]);
      expect(replayed.id).toBeGreaterThan(seen.id!);
      again.close();
    }
    const stale = await stream(client, 0, { lastEventId: 999_999_999 });
    expect((await stale.next((e) => e.command === 'resync')).event).toEqual({ command: 'resync' });
  });

  it('answers a reconnect that missed nothing at once, before any event (a browser counts it open then)', async () => {
    const { client } = await signedIn('ev-resume');
    const first = await stream(client, 0);
    await client.post('/api/u/0/mailbox/folders', { name: 'Seen' });
    const seen = await first.next((e) => e.command === 'folderCreate');
    first.close();

    const noAnswer = new Promise<string>((resolve) => setTimeout(() => resolve('no answer'), 8000));
    const answer = await Promise.race([
      stream(client, 0, { lastEventId: seen.id! }).then((s) => s.status),
      noAnswer,
    ]);
    expect(answer).toBe(200);
  });

  it('sends the sign-out to the signed-out session and ends its stream', async () => {
    const { client } = await signedIn('ev-logout');
    const events = await stream(client, 0);
    expect((await client.post('/api/auth/logout?userIndex=0')).status).toBe(200);
    expect((await events.next((e) => e.command === 'logout')).event).toEqual({
      command: 'logout',
      kind: 'user',
    });
    await events.ended();
  });
});

describe('event stream across two server processes on one PostgreSQL', () => {
  it('delivers a change made through process A to a stream held by process B', async () => {
    const a = await startServer('postgres');
    const b = await startServer('postgres', { DATABASE_URL: a.databaseUrl! });
    try {
      const user = await newMailUser('ev-pg');
      const viaA = a.client();
      await viaA.signIn(user.email, user.password);
      const viaB = b.client();
      await viaB.signIn(user.email, user.password);
      const onB = await EventStreamReader.open(viaB, 0);
      const created = await viaA.post<Folder>('/api/u/0/mailbox/folders', { name: 'From A' });
      expect(created.status).toBe(200);
      expect((await onB.next((e) => e.command === 'folderCreate')).event).toEqual({
        command: 'folderCreate',
        mailboxId: created.body.id,
      });
      onB.close();
    } finally {
      await b.close();
      await a.close();
    }
  });
});
