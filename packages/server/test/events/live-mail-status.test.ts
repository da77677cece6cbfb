import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { AppEvent, AppEventOf } from '@webmail/contracts';
import { EventStreamReader } from '../support/event-stream.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { deliver } from '../support/reading.testing.js';
import { startSwitchableRelay } from '../support/switchable-relay.testing.js';

type Server = Awaited<ReturnType<typeof startServer>>;

const message = (to: string, subject: string) =>
  composeRaw({ from: 'sender@example.com', to, subject, text: 'x' });
const liveMail = (on: boolean) => (e: AppEvent) => e.command === 'liveMail' && e.on === on;
const newMail = (subject: string) => (e: AppEvent) =>
  e.command === 'EXISTS' && e.messages.some((m) => m.subject === subject);
const liveEvents = (reader: EventStreamReader) =>
  reader.events.filter((e) => e.event.command === 'liveMail').map((e) => e.event as AppEventOf<'liveMail'>);

async function signedIn(server: Server, prefix: string) {
  const user = await newMailUser(prefix);
  const client = server.client();
  await client.signIn(user.email, user.password);
  // As the app does first: the folder list (a watcher takes a folder it first sees as its baseline).
  expect((await client.get('/api/u/0/mailbox')).status).toBe(200);
  return { user, client };
}

describe('live mail refused at EVENT_WATCHERS_MAX is told to the stream, and a freed slot is given back', () => {
  let server: Server;
  const open: EventStreamReader[] = [];
  beforeAll(async () => {
    server = await startServer('sqlite', {
      EVENT_WATCHERS_MAX: '1',
      EVENT_WATCHER_GRACE_SECONDS: '0',
      EVENT_POLL_SECONDS: '7',
    });
  });
  afterAll(async () => {
    for (const reader of open) reader.close();
    await server.close();
  });

  it('the second account hears "off" with the poll period, then "on" when the first one leaves', async () => {
    const first = await signedIn(server, 'slot-a');
    const second = await signedIn(server, 'slot-b');
    const a = await EventStreamReader.open(first.client, 0);
    open.push(a);
    await server.app.services.events.watchers.of(first.user.email);
    const b = await EventStreamReader.open(second.client, 0);
    open.push(b);
    await b.next((e) => e.command === 'connected');
    expect((await b.next(liveMail(false))).event).toEqual({ command: 'liveMail', on: false, pollSeconds: 7 });
    // A second tab of the waiting account is told at once too; the account holding the slot is told nothing.
    const b2 = await EventStreamReader.open(second.client, 0);
    open.push(b2);
    await b2.next(liveMail(false));
    expect(liveEvents(a)).toEqual([]);

    a.close();
    await b.next(liveMail(true));
    await b2.next(liveMail(true));
    await deliver(second.user.email, [await message(second.user.email, 'After the slot')]);
    await b.next(newMail('After the slot'));
  });
});

describe('after the IMAP server goes away, the watcher retries with growing jittered delays until it is back', () => {
  let server: Server;
  let relay: Awaited<ReturnType<typeof startSwitchableRelay>>;
  const timers: Array<{ run: () => void; ms: number; cancelled: boolean }> = [];
  let reader: EventStreamReader | null = null;

  beforeAll(async () => {
    relay = await startSwitchableRelay(inject('mailstack').ports.webmailImap);
    server = await startServer(
      'sqlite',
      { IMAP_PORT: String(relay.port), EVENT_POLL_SECONDS: '9' },
      {
        watcherRetry: {
          random: () => 1,
          setTimer: (run, ms) => {
            const timer = { run, ms, cancelled: false };
            timers.push(timer);
            return { cancel: () => (timer.cancelled = true) };
          },
        },
      },
    );
  });
  afterEach(() => reader?.close());
  afterAll(async () => {
    await server.close();
    await relay.close();
  });

  it('says "off" once, retries 1, 2, 4, 8 … s while refused, then "on", and new mail flows again', async () => {
    const { user, client } = await signedIn(server, 'reload');
    reader = await EventStreamReader.open(client, 0);
    await server.app.services.events.watchers.of(user.email);

    await relay.off();
    // The loss alone is not news (the first retry may mend it); that retry refused is.
    await vi.waitFor(() => expect(timers).toHaveLength(1));
    expect(liveEvents(reader)).toEqual([]);
    const refusals = 6;
    for (let i = 1; i <= refusals; i += 1) {
      await vi.waitFor(() => expect(timers).toHaveLength(i));
      timers[i - 1]!.run();
      if (i === 1) await reader.next(liveMail(false));
    }
    await vi.waitFor(() => expect(timers).toHaveLength(refusals + 1));
    expect(timers.map((t) => t.ms)).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000]);

    await relay.on();
    timers.at(-1)!.run();
    await reader.next(liveMail(true));
    expect(liveEvents(reader)).toEqual([
      { command: 'liveMail', on: false, pollSeconds: 9 },
      { command: 'liveMail', on: true, pollSeconds: 9 },
    ]);
    await deliver(user.email, [await message(user.email, 'Back again')]);
    await reader.next(newMail('Back again'));
  });

  it('tells nothing when the first retry is back (a kick, a password change), and what came meanwhile arrives', async () => {
    const { user, client } = await signedIn(server, 'kicked');
    reader = await EventStreamReader.open(client, 0);
    await server.app.services.events.watchers.of(user.email);
    const before = timers.length;

    await relay.off();
    // This account's retry (the previous test's watcher, in its grace period, schedules one too).
    await vi.waitFor(() => expect(timers.length).toBeGreaterThan(before));
    await deliver(user.email, [await message(user.email, 'While away')]);
    await relay.on();
    for (const timer of timers.slice(before)) timer.run();
    await reader.next(newMail('While away'));
    await deliver(user.email, [await message(user.email, 'After the retry')]);
    await reader.next(newMail('After the retry'));
    expect(liveEvents(reader)).toEqual([]);
    // A browser that opens its stream meanwhile is not told "off" either.
    expect(server.app.services.events.watchers.liveOf(user.email)).toBe(true);
  });
});
