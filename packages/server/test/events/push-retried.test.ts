import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Folder } from '@webmail/contracts';
import {
  type EventStreamReader,
  type ReceivedEvent,
  openInboxStream,
} from '../support/event-stream.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { failPushesOf, relayPushesTo } from '../support/push-relay.testing.js';
import { deliver } from '../support/reading.testing.js';

/**
 * The mail server keeps a push it got no answer for (push.lua's spool) and sends it again with the next push that
 * gets through, from any mail process. Here the real Dovecot pushes through the test relay, which withholds the
 * answer for this file's account: as a stopped webmail (the push never arrives) or a loaded one (it arrives, but
 * after the mail server gave up, so it comes twice). Either way the stream shows each new message once.
 */
describe('a push the mail server got no answer for', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let events: EventStreamReader;
  let user: Awaited<ReturnType<typeof newMailUser>>;
  let inbox: Folder;
  const { pushPort, pushSecret } = inject('mailstack');

  beforeAll(async () => {
    server = await startServer('sqlite', { MAIL_PUSH_SECRET: pushSecret, LIVE_MAIL: 'push' });
    await relayPushesTo(pushPort, server.baseUrl);
    user = await newMailUser('push-again');
    ({ inbox, events } = await openInboxStream(server, user));
  });
  afterAll(async () => {
    await failPushesOf(pushPort, user.email, null);
    await relayPushesTo(pushPort, server.baseUrl, false);
    events.close();
    await server.close();
  });

  const deliverOne = async (subject: string) =>
    deliver(user.email, [await composeRaw({ from: 'a@example.com', to: user.email, subject, text: 'x' })]);
  const arrived = (subject: string) => (e: ReceivedEvent) =>
    e.event.command === 'EXISTS' && e.event.messages.some((m) => m.subject === subject);
  const timesShown = (subject: string) => events.events.filter(arrived(subject)).length;

  it('shows a message whose push reached no webmail, with the next push that gets through, once', async () => {
    await failPushesOf(pushPort, user.email, 'down');
    await deliverOne('While the webmail was down');
    await failPushesOf(pushPort, user.email, null);
    await deliverOne('After it came back');
    await events.next(
      (e) => e.command === 'EXISTS' && e.messages.some((m) => m.subject === 'After it came back'),
    );
    await events.next(
      (e) => e.command === 'EXISTS' && e.messages.some((m) => m.subject === 'While the webmail was down'),
    );
    await server.app.services.events.push.settled();
    const exists = events.events.find(arrived('While the webmail was down'))?.event;
    expect(exists?.command === 'EXISTS' && exists.mailboxId).toBe(inbox.id);
    expect([timesShown('While the webmail was down'), timesShown('After it came back')]).toEqual([1, 1]);
  });

  it('shows a message once when its push arrived but the answer came too late (the push is sent again)', async () => {
    await failPushesOf(pushPort, user.email, 'late');
    await deliverOne('Answered too late');
    await events.next(
      (e) => e.command === 'EXISTS' && e.messages.some((m) => m.subject === 'Answered too late'),
    );
    await failPushesOf(pushPort, user.email, null);
    // This push carries the one above again (unless another test's push took it first): applied before this one.
    await deliverOne('The next one');
    await events.next((e) => e.command === 'EXISTS' && e.messages.some((m) => m.subject === 'The next one'));
    await server.app.services.events.push.settled();
    expect([timesShown('Answered too late'), timesShown('The next one')]).toEqual([1, 1]);
  });

  it('skips a malformed push sent again, and makes every stream read again when the mail server dropped pushes', async () => {
    const body = {
      user: 'nobody@example.test',
      events: [{ event: 'MessageNew', mailbox: 'INBOX', uid: 1 }],
      earlier: [{ user: 'nobody@example.test', events: [{ event: 'Unknown', mailbox: 'INBOX' }] }],
      lost: true,
    };
    const res = await fetch(`${server.baseUrl}/api/mail-push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${pushSecret}` },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(202);
    await events.next((e) => e.command === 'resync');
  });
});
