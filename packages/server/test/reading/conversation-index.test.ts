import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MessageDetail, ThreadResponse } from '@webmail/contracts';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { startImapFilterProxy } from '../support/imap-filter-proxy.testing.js';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { deliver, folderIds, uidsBySubject } from '../support/reading.testing.js';

/**
 * Opening a message of a folder the user listed finds its conversation in the folders' conversation indexes
 * (mail/imap/thread-index.ts), not with an unindexed `SEARCH HEADER` over Inbox and Sent; mail that arrives, or is
 * moved back, after the index was read is still found. The IMAP conversation is watched through a relay.
 */
describe('conversation lookup from the folder index', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let proxy: Awaited<ReturnType<typeof startImapFilterProxy>>;
  let client: TestClient;
  let user: { email: string; password: string };
  let ids: Record<string, string>;
  let sent: Buffer[] = [];
  const answered: Buffer[] = [];

  const mail = (subject: string, date: string, headers: Record<string, string>) =>
    composeRaw({
      from: 'Alice <alice@example.test>',
      to: user.email,
      subject,
      date: new Date(date),
      text: `${subject} body`,
      headers,
    });
  const headerSearches = () =>
    Buffer.concat(sent)
      .toString('utf8')
      .split('\r\n')
      .filter((line) => /\bSEARCH\b.*\bHEADER\b/i.test(line));
  /** Whether the server completed `n` reads of the threading headers (one per folder index here). */
  const indexesRead = (n: number) => {
    const tags = Buffer.concat(sent)
      .toString('utf8')
      .split('\r\n')
      .filter((line) => /UID FETCH .*HEADER\.FIELDS \(REFERENCES IN-REPLY-TO MESSAGE-ID\)/i.test(line))
      .map((line) => line.split(' ')[0]);
    const replies = Buffer.concat(answered).toString('utf8');
    return tags.filter((tag) => replies.includes(`\r\n${tag} OK`)).length >= n;
  };
  const uidOf = async (messageId: string) => {
    const imap = await imapAs(user);
    const lock = await imap.getMailboxLock('INBOX');
    try {
      // Not SEARCH HEADER: the full-text index answers it by words, so <e1@…> would match every @example.test.
      const rows = await imap.fetchAll('1:*', { uid: true, envelope: true });
      return rows.find((r) => r.envelope?.messageId === messageId)!.uid;
    } finally {
      lock.release();
      await imap.logout();
    }
  };
  const open = async (uid: number) => {
    const { thread } = (await client.get<MessageDetail>(`/api/u/0/mailbox/${ids.inbox}/messages/${uid}`))
      .body;
    const res = await client.get<ThreadResponse>(
      `/api/u/0/mailbox/${ids.inbox}/threads/${thread}?messageId=${uid}`,
    );
    expect(res.status).toBe(200);
    return res.body.messages.map((m) => `${m.mailbox === ids.sent ? 'sent' : 'inbox'} ${m.messageId}`);
  };

  beforeAll(async () => {
    user = await newMailUser('thread-index');
    await deliver(user.email, [
      await mail('Budget', '2025-03-01T10:00:00Z', { 'Message-ID': '<b0@example.test>' }),
      await mail('Re: Budget', '2025-03-01T12:00:00Z', {
        'Message-ID': '<b2@example.test>',
        'In-Reply-To': '<b1@example.test>',
        References: '<b0@example.test> <b1@example.test>',
      }),
      // Same subject, another conversation: a subject search would find it, the index must not list it.
      await mail('Re: Budget', '2025-03-02T09:00:00Z', { 'Message-ID': '<other@example.test>' }),
      // Names the conversation's root, but only second in References: the root is <elsewhere>.
      await mail('Elsewhere', '2025-03-02T10:00:00Z', {
        'Message-ID': '<e1@example.test>',
        References: '<elsewhere@example.test> <b0@example.test>',
      }),
    ]);
    const imap = await imapAs(user);
    await imap.append(
      'Sent',
      await composeRaw({
        from: user.email,
        to: 'Alice <alice@example.test>',
        subject: 'Re: Budget',
        date: new Date('2025-03-01T11:00:00Z'),
        text: 'My answer',
        headers: {
          'Message-ID': '<b1@example.test>',
          'In-Reply-To': '<b0@example.test>',
          References: '<b0@example.test>',
        },
      }),
      ['\\Seen'],
    );
    await imap.logout();
    proxy = await startImapFilterProxy(
      inject('mailstack').ports.imap,
      {},
      {
        client: (c) => sent.push(c),
        server: (c) => answered.push(c),
      },
    );
    server = await startServer('sqlite', { IMAP_PORT: String(proxy.port) });
    client = server.client();
    await client.signIn(user.email, user.password);
    ids = await folderIds(client);
  });
  afterAll(async () => {
    await server.close();
    await proxy.close();
  });

  const conversation = ['inbox <b0@example.test>', 'sent <b1@example.test>', 'inbox <b2@example.test>'];

  it('searches the headers while no folder was listed (the relay sees that search)', async () => {
    const uid = (await uidsBySubject(user)).get('Budget')!;
    sent = [];
    expect(await open(uid)).toEqual(conversation);
    expect(headerSearches().length).toBeGreaterThan(0);
  });

  it('once the Inbox was listed, opens from the indexes of Inbox and Sent without a header search', async () => {
    const list = await client.get(`/api/u/0/mailbox/${ids.inbox}/messages?limit=50`);
    expect(list.status).toBe(200);
    // The indexes are read in the background after the listing (Inbox, then Sent).
    await expect.poll(() => indexesRead(2), { timeout: 15_000 }).toBe(true);
    // A message of the conversation not opened before (an opened one may come from the conversation cache).
    const uid = await uidOf('<b2@example.test>');
    sent = [];
    expect(await open(uid)).toEqual(conversation);
    expect(headerSearches()).toEqual([]);
  });

  it('does not even select Sent when its index holds none of the conversation', async () => {
    const uid = await uidOf('<e1@example.test>');
    sent = [];
    expect(await open(uid)).toEqual(['inbox <e1@example.test>']);
    const commands = Buffer.concat(sent).toString('utf8');
    expect(commands).toMatch(/STATUS "?Sent"?/);
    expect(commands).not.toMatch(/(SELECT|EXAMINE) "?Sent"?/);
    expect(headerSearches()).toEqual([]);
  });

  it('finds a reply that arrived after the index was read, and a message moved out and back', async () => {
    await deliver(user.email, [
      await mail('Re: Budget', '2025-03-03T08:00:00Z', {
        'Message-ID': '<b3@example.test>',
        'In-Reply-To': '<b2@example.test>',
        References: '<b0@example.test> <b1@example.test> <b2@example.test>',
      }),
    ]);
    const imap = await imapAs(user);
    const lock = await imap.getMailboxLock('INBOX');
    try {
      const rows = await imap.fetchAll('1:*', { uid: true, envelope: true });
      const root = rows.find((r) => r.envelope?.messageId === '<b0@example.test>')!.uid;
      await imap.messageMove(String(root), 'Archive', { uid: true });
    } finally {
      lock.release();
    }
    const back = await imap.getMailboxLock('Archive');
    try {
      await imap.messageMove('1:*', 'INBOX', { uid: true });
    } finally {
      back.release();
    }
    await imap.logout();
    const uid = await uidOf('<b0@example.test>');
    sent = [];
    expect(await open(uid)).toEqual([...conversation, 'inbox <b3@example.test>']);
    expect(headerSearches()).toEqual([]);
  });

  it('opens new mail at once, though the session connection was not told of it yet', async () => {
    const root = await uidOf('<b0@example.test>');
    const { thread } = (await client.get<MessageDetail>(`/api/u/0/mailbox/${ids.inbox}/messages/${root}`))
      .body;
    // The Inbox is selected on the session's connection; the new message arrives through another one, and the
    // app (told by the live-events stream) asks for its conversation first, as the reader does.
    const imap = await imapAs(user);
    const appended = await imap.append(
      'INBOX',
      await mail('Re: Budget', '2025-03-04T08:00:00Z', {
        'Message-ID': '<b4@example.test>',
        References: '<b0@example.test>',
      }),
    );
    await imap.logout();
    const uid = appended && appended.uid;
    const res = await client.get<ThreadResponse>(
      `/api/u/0/mailbox/${ids.inbox}/threads/${thread}?messageId=${uid}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.messages.map((m) => m.messageId)).toContain('<b4@example.test>');
  });
});
