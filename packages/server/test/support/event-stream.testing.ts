import { expect } from 'vitest';
import type { AppEvent, AppEventOf, Folder, MailboxTreeResponse } from '@webmail/contracts';
import { imapAs } from './harness.testing.js';
import type { TestClient } from './http-client.testing.js';
import { composeRaw } from './mail-fixtures.testing.js';
import { deliver } from './reading.testing.js';

export interface ReceivedEvent {
  id: number | null;
  event: AppEvent;
}

/**
 * Opens `GET /api/u/{i}` with the client's cookies and collects the server-sent events, as a browser's
 * EventSource would read them. `next(predicate)` waits for the first matching event (already received or
 * coming), failing after `timeoutMs`.
 */
export class EventStreamReader {
  readonly events: ReceivedEvent[] = [];
  status = 0;
  private readonly controller = new AbortController();
  private waiters: Array<() => void> = [];
  closed = false;

  static async open(
    client: TestClient,
    userIndex: number,
    options: { lastEventId?: number; header?: boolean } = {},
  ): Promise<EventStreamReader> {
    const reader = new EventStreamReader();
    const headers: Record<string, string> = {
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; '),
      accept: 'text/event-stream',
    };
    let path = `/api/u/${userIndex}`;
    if (options.lastEventId !== undefined) {
      if (options.header) headers['last-event-id'] = String(options.lastEventId);
      else path += `?lastEventId=${options.lastEventId}`;
    }
    const res = await fetch(client.baseUrl + path, { headers, signal: reader.controller.signal });
    reader.status = res.status;
    if (res.ok && res.body) void reader.read(res.body);
    else reader.closed = true;
    return reader;
  }

  async next(predicate: (e: AppEvent) => boolean, timeoutMs = 8000): Promise<ReceivedEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find((e) => predicate(e.event));
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) {
        const seen = this.events.map((e) => e.event.command).join(', ');
        throw new Error(`no matching event within ${timeoutMs} ms (received: ${seen || 'none'})`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until the server ends the stream. */
  async ended(timeoutMs = 8000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('the stream did not end');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  close(): void {
    this.controller.abort();
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // aborted
    } finally {
      this.closed = true;
      this.wake();
    }
  }

  private parse(block: string): void {
    let id: number | null = null;
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('id: ')) id = Number(line.slice(4));
      else if (line.startsWith('data: ')) data += line.slice(6);
    }
    if (!data) return;
    this.events.push({ id, event: JSON.parse(data) as AppEvent });
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

/**
 * What an open stream must hear of a mailbox (by watcher or by push): a delivery as EXISTS with its row and
 * COUNTERS, then another client's flag change (FETCH) and expunge (EXPUNGE) of it.
 */
export async function expectMailEvents(
  events: EventStreamReader,
  user: { email: string; password: string },
  inboxId: string,
  subject: string,
): Promise<void> {
  await deliver(user.email, [
    await composeRaw({ from: 'sender@example.com', to: user.email, subject, text: 'x' }),
  ]);
  const exists = (await events.next((e) => e.command === 'EXISTS')).event as AppEventOf<'EXISTS'>;
  expect(exists.mailboxId).toBe(inboxId);
  expect(exists.messages.map((m) => m.subject)).toEqual([subject]);
  expect(exists.messages[0]).toMatchObject({ seen: false, mailbox: inboxId });
  const counters = (await events.next((e) => e.command === 'COUNTERS')).event as AppEventOf<'COUNTERS'>;
  expect(counters.counters).toContainEqual({ mailboxId: inboxId, unseen: 1, total: 1 });
  const uid = exists.messages[0]!.id;

  const imap = await imapAs(user);
  try {
    await imap.mailboxOpen('INBOX');
    await imap.messageFlagsAdd(String(uid), ['\\Flagged', '\\Seen'], { uid: true });
    const fetch = (await events.next((e) => e.command === 'FETCH')).event as AppEventOf<'FETCH'>;
    expect(fetch).toMatchObject({ mailboxId: inboxId });
    expect(fetch.changes).toEqual([{ uid, seen: true, flagged: true, answered: false }]);
    await imap.messageDelete(String(uid), { uid: true });
    const expunge = (await events.next((e) => e.command === 'EXPUNGE')).event as AppEventOf<'EXPUNGE'>;
    expect(expunge).toEqual({ command: 'EXPUNGE', mailboxId: inboxId, uids: [uid] });
  } finally {
    await imap.logout();
  }
}

/**
 * `user` signed in on a fresh client of `server`, its folder tree read (as the app does before it listens) and its
 * event stream (user index 0) open: the Inbox and the stream's reader.
 */
export async function openInboxStream(
  server: { client(): TestClient },
  user: { email: string; password: string },
): Promise<{ inbox: Folder; events: EventStreamReader }> {
  const client = server.client();
  await client.signIn(user.email, user.password);
  const tree = (await client.get<MailboxTreeResponse>('/api/u/0/mailbox')).body.mailboxes;
  const inbox = tree.find((f) => f.specialUse === 'inbox') as Folder;
  const events = await EventStreamReader.open(client, 0);
  expect(events.status).toBe(200);
  return { inbox, events };
}
