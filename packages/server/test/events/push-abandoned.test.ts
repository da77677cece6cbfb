import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { AppEventOf, Folder } from '@webmail/contracts';
import { type EventStreamReader, openInboxStream } from '../support/event-stream.testing.js';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { deliver } from '../support/reading.testing.js';

/**
 * The mail server waits for a push's answer only for a short bound (inside the delivery) and then closes the
 * connection. On a loaded webmail that close can come before the body was read: such a push must still reach the
 * account's streams. Here the mail server's own pushes do not reach this server (no relay); the test plays
 * Dovecot and gives up at every point of the request.
 */
describe('a push the mail server gave up on before the answer', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let events: EventStreamReader;
  let user: Awaited<ReturnType<typeof newMailUser>>;
  let inbox: Folder;
  const { pushSecret } = inject('mailstack');

  beforeAll(async () => {
    server = await startServer('sqlite', { MAIL_PUSH_SECRET: pushSecret, LIVE_MAIL: 'push' });
    user = await newMailUser('push-gone');
    ({ inbox, events } = await openInboxStream(server, user));
  });
  afterAll(async () => {
    events.close();
    await server.close();
  });

  /** Delivers one message and returns the push Dovecot made for it (its UID read over IMAP). */
  async function delivered(subject: string) {
    await deliver(user.email, [
      await composeRaw({ from: 'a@example.com', to: user.email, subject, text: 'x' }),
    ]);
    const imap = await imapAs(user);
    try {
      const status = await imap.status('INBOX', { uidNext: true, uidValidity: true });
      if (!status) throw new Error('no STATUS for INBOX');
      const uid = Number(status.uidNext) - 1;
      const event = { event: 'MessageNew', mailbox: 'INBOX', uid, uidValidity: Number(status.uidValidity) };
      return { user: user.email, events: [event], more: false };
    } finally {
      await imap.logout();
    }
  }

  /** Sends a push as push.lua does (URL and body) but closes the connection after `cut` bytes of the body. */
  async function abandon(push: unknown, cut: (body: string) => number, query: string, secret = pushSecret) {
    const body = JSON.stringify(push);
    const url = new URL(server.baseUrl);
    const socket = net.connect(Number(url.port), url.hostname);
    await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.write(
      `POST /api/mail-push?${query} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n` +
        `Authorization: Bearer ${secret}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
        body.slice(0, cut(body)),
    );
    await new Promise<void>((resolve) => socket.end(resolve));
    socket.destroy();
  }

  const cuts: Array<[string, (body: string) => number]> = [
    ['headers only', () => 0],
    ['one byte', () => 1],
    ['half', (b) => Math.floor(b.length / 2)],
    ['all but one byte', (b) => b.length - 1],
  ];

  it.each(cuts)('delivers the new message when the sender left after %s of the body', async (name, cut) => {
    const subject = `Given up after ${name}`;
    const push = await delivered(subject);
    await abandon(push, cut, `push=${encodeURIComponent(JSON.stringify(push))}`);
    const exists = await events.next(
      (e) => e.command === 'EXISTS' && e.messages.some((m) => m.subject === subject),
    );
    expect((exists.event as AppEventOf<'EXISTS'>).mailboxId).toBe(inbox.id);
  });

  it('refreshes the folders when the URL names only the account (a push too long for it)', async () => {
    const push = await delivered('Named by account only');
    const before = events.events.length;
    await abandon(push, () => 0, `user=${encodeURIComponent(user.email)}`);
    await expect
      .poll(() => events.events.slice(before).some((e) => e.event.command === 'folderUpdate'), {
        timeout: 8000,
      })
      .toBe(true);
  });

  it('takes nothing from a URL without the right secret', async () => {
    const wrong = await delivered('Wrong secret');
    await abandon(wrong, () => 0, `push=${encodeURIComponent(JSON.stringify(wrong))}`, `${pushSecret}x`);
    const right = await delivered('Right secret');
    await abandon(right, () => 0, `push=${encodeURIComponent(JSON.stringify(right))}`);
    const subjects = (e: (typeof events.events)[number]) =>
      e.event.command === 'EXISTS' ? e.event.messages.map((m) => m.subject) : [];
    await events.next((e) => e.command === 'EXISTS' && e.messages.some((m) => m.subject === 'Right secret'));
    await server.app.services.events.push.settled();
    expect(events.events.flatMap(subjects)).not.toContain('Wrong secret');
  });
});
