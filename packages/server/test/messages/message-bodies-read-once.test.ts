import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MessageDetail } from '@webmail/contracts';
import { EventStreamReader } from '../support/event-stream.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { startImapFilterProxy } from '../support/imap-filter-proxy.testing.js';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { deliver, folderIds, uidsBySubject } from '../support/reading.testing.js';

/**
 * A message's bodies are read from Dovecot once per server process: opened again — by another session of the
 * account, or after the read-ahead of new mail its live stream announced — its text and HTML parts are not
 * fetched again (counted on an IMAP relay between the server and Dovecot), and it reads the same. On a big
 * maildir folder the first read of a new message's file costs Dovecot ~200 ms after any change to the folder
 * (bench/README, the account bench): the read-ahead pays it while the user looks at the list.
 */
describe('message bodies read once', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let proxy: Awaited<ReturnType<typeof startImapFilterProxy>>;
  let user: { email: string; password: string };
  let sent: Buffer[] = [];

  /** The FETCHes of message parts (BODY.PEEK[1], BINARY.PEEK[1.2], BODY.PEEK[TEXT] …) since `sent` was emptied. */
  const partFetches = () =>
    Buffer.concat(sent)
      .toString('latin1')
      .split('\r\n')
      .filter((line) => /\bFETCH\b.*\b(BODY|BINARY)\.PEEK\[(\d|TEXT\])/i.test(line));
  const signedIn = async () => {
    const client = server.client();
    await client.signIn(user.email, user.password);
    return client;
  };
  const open = async (client: TestClient, inbox: string, uid: number) => {
    const res = await client.get<MessageDetail>(`/api/u/0/mailbox/${inbox}/messages/${uid}`);
    expect(res.status).toBe(200);
    return { html: res.body.html, text: res.body.text };
  };
  const newsletter = (subject: string) =>
    composeRaw({
      from: 'News <news@example.test>',
      to: user.email,
      subject,
      text: `${subject} in plain text`,
      html: `<h1>${subject}</h1><p>In <b>HTML</b>.</p>`,
    });

  beforeAll(async () => {
    user = await newMailUser('bodies-once');
    await deliver(user.email, [
      await newsletter('Alternative'),
      await composeRaw({ from: 'a@example.test', to: user.email, subject: 'Plain', text: 'Only text' }),
    ]);
    proxy = await startImapFilterProxy(inject('mailstack').ports.imap, {}, { client: (c) => sent.push(c) });
    server = await startServer('sqlite', { IMAP_PORT: String(proxy.port) });
  });
  afterAll(async () => {
    await server.close();
    await proxy.close();
  });

  it('another session opens a message the first one read without fetching its parts, HTML or plain text', async () => {
    const first = await signedIn();
    const ids = await folderIds(first);
    const uids = await uidsBySubject(user);
    for (const subject of ['Alternative', 'Plain']) {
      sent = [];
      const read = await open(first, ids.inbox!, uids.get(subject)!);
      expect(partFetches().length).toBeGreaterThan(0);

      const second = await signedIn();
      sent = [];
      expect(await open(second, ids.inbox!, uids.get(subject)!)).toEqual(read);
      expect(partFetches()).toEqual([]);
    }
  });

  it('new mail the live stream announced opens without fetching its parts: the read-ahead read them', async () => {
    const client = await signedIn();
    const ids = await folderIds(client);
    // As the app does: the list is read (the connection has the Inbox selected), then the stream opens.
    expect((await client.get(`/api/u/0/mailbox/${ids.inbox}/messages?limit=50`)).status).toBe(200);
    const events = await EventStreamReader.open(client, 0);
    try {
      await events.next((e) => e.command === 'connected');
      const held = server.app.services.caches.messageBodies.sizeOf(user.email);
      await deliver(user.email, [await newsletter('Arrived')]);
      await events.next((e) => e.command === 'EXISTS');
      await expect
        .poll(() => server.app.services.caches.messageBodies.sizeOf(user.email), { timeout: 10_000 })
        .toBe(held + 1);

      sent = [];
      const read = await open(client, ids.inbox!, (await uidsBySubject(user)).get('Arrived')!);
      expect(read.html).toContain('<b>HTML</b>');
      expect(read.text).toBe('Arrived in plain text');
      expect(partFetches()).toEqual([]);
    } finally {
      events.close();
    }
  });
});
