import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { ImapFlow } from 'imapflow';
import type { Folder, MassActionResponse, MessageListResponse } from '@webmail/contracts';
import type { TestClient } from '../support/http-client.testing.js';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';
import { startImapFilterProxy } from '../support/imap-filter-proxy.testing.js';

const day = 86_400_000;
const start = Date.UTC(2026, 2, 1);

/**
 * The list route against a folder another session changes meanwhile: the cached lists must follow new
 * mail, mail moved in with an old date, expunges and flag changes — and conversation mode groups threads.
 */
describe('message list: conversations and a folder that changes', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;
  let other: ImapFlow;
  let user: { email: string; password: string };
  let folderId: string;
  const page = async (query = 'limit=50') =>
    (await client.get<MessageListResponse>(`/api/u/0/mailbox/${folderId}/messages?${query}`)).body;
  const subjects = (list: MessageListResponse) => list.messages.map((m) => m.subject);
  const append = async (
    subject: string,
    at: number,
    extra: Record<string, string> = {},
    flags: string[] = [],
  ) => {
    const raw = await composeRaw({
      from: 'p@example.test',
      to: user.email,
      subject,
      text: subject,
      // The message's own time (the list sorts by the Date header), and the same INTERNALDATE.
      date: new Date(at),
      ...extra,
    });
    await other.append('Project', raw, flags, new Date(at));
  };

  beforeAll(async () => {
    server = await startServer('sqlite');
    user = await newMailUser('lists');
    other = await imapAs(user);
    await other.mailboxCreate('Project');
    // Thread A: a1 ← a2 ← a3 (a2 read); b1 alone; thread C: c1 ← c2 (c2 arrives last).
    await append('a1', start + day, { messageId: '<a1@t>' }, ['\\Seen']);
    await append('b1', start + 2 * day, { messageId: '<b1@t>' }, ['\\Seen']);
    // a2 is the user's own reply: the conversation row names them as "me".
    await append(
      'a2',
      start + 3 * day,
      { messageId: '<a2@t>', inReplyTo: '<a1@t>', references: '<a1@t>', from: user.email },
      ['\\Seen'],
    );
    await append('c1', start + 4 * day, { messageId: '<c1@t>' });
    await append('a3', start + 5 * day, {
      messageId: '<a3@t>',
      inReplyTo: '<a2@t>',
      references: '<a1@t> <a2@t>',
    });
    await append('c2', start + 6 * day, { messageId: '<c2@t>', inReplyTo: '<c1@t>', references: '<c1@t>' });
    client = server.client();
    await client.signIn(user.email, user.password);
    const tree = await client.get<{ mailboxes: Folder[] }>('/api/u/0/mailbox');
    folderId = tree.body.mailboxes.find((f) => f.path === 'Project')!.id;
  });
  afterAll(async () => {
    await other.logout();
    await server.close();
  });

  it('groups conversations, newest conversation first, the row being its newest message', async () => {
    const list = await page('mode=conversations');
    expect(list.total).toBe(3);
    expect(subjects(list)).toEqual(['c2', 'a3', 'b1']);
    const [c, a, b] = list.messages;
    const messages = await page();
    const uid = (s: string) => messages.messages.find((m) => m.subject === s)!.id;
    const p = { name: '', address: 'p@example.test', self: false };
    expect(c!.conversation).toEqual({
      count: 2,
      unseen: 2,
      uids: [uid('c2'), uid('c1')],
      participants: [{ ...p, unseen: true }],
    });
    // Senders once each, in the order they first wrote; p has an unread message (a3), the user's reply is read.
    expect(a!.conversation).toEqual({
      count: 3,
      unseen: 1,
      uids: [uid('a3'), uid('a2'), uid('a1')],
      participants: [
        { ...p, unseen: true },
        { name: '', address: user.email, unseen: false, self: true },
      ],
    });
    expect(b!.conversation).toEqual({
      count: 1,
      unseen: 0,
      uids: [uid('b1')],
      participants: [{ ...p, unseen: false }],
    });
    // Same thread id as in message mode; message mode rows carry no conversation.
    expect(a!.thread).toBe(messages.messages.find((m) => m.subject === 'a1')!.thread);
    expect(messages.messages[0]!.conversation).toBeUndefined();
    const second = await page('mode=conversations&offset=2&limit=1');
    expect(subjects(second)).toEqual(['b1']);
  });

  it('shows new mail from another session on top, and mail moved in with an old date in its place', async () => {
    expect(subjects(await page())).toEqual(['c2', 'a3', 'c1', 'a2', 'b1', 'a1']);
    await append('new', start + 7 * day);
    expect(subjects(await page())).toEqual(['new', 'c2', 'a3', 'c1', 'a2', 'b1', 'a1']);
    // Arrives now but with an INTERNALDATE between b1 and a2 (as a message moved from another folder).
    await append('old', start + 2.5 * day);
    const list = await page();
    expect(list.total).toBe(8);
    expect(subjects(list)).toEqual(['new', 'c2', 'a3', 'c1', 'a2', 'old', 'b1', 'a1']);
  });

  it('shows the first message of a folder that was empty when last listed, in both modes', async () => {
    await other.mailboxCreate('Quiet');
    const tree = await client.get<{ mailboxes: Folder[] }>('/api/u/0/mailbox');
    const quiet = tree.body.mailboxes.find((f) => f.path === 'Quiet')!.id;
    const list = async (mode: string) =>
      (await client.get<MessageListResponse>(`/api/u/0/mailbox/${quiet}/messages?mode=${mode}`)).body;
    for (const mode of ['messages', 'conversations']) expect((await list(mode)).total).toBe(0);
    const raw = await composeRaw({ from: 'p@example.test', to: user.email, subject: 'first', text: 'x' });
    await other.append('Quiet', raw, []);
    // Nothing else told the server (no live-mail watcher here): the listing itself must see it.
    for (const mode of ['messages', 'conversations']) expect(subjects(await list(mode))).toEqual(['first']);
  });

  it('follows expunges and flag changes made elsewhere, in both modes', async () => {
    const uidOf = (list: MessageListResponse, subject: string) =>
      String(list.messages.find((m) => m.subject === subject)!.id);
    const current = await page();
    await other.mailboxOpen('Project');
    // By UID: a 2-letter subject search would go to fts-xapian, which matches 3 letters or more.
    await other.messageDelete(uidOf(current, 'old'), { uid: true });
    await other.messageFlagsAdd(uidOf(current, 'c1'), ['\\Seen'], { uid: true });
    const list = await page();
    expect(subjects(list)).toEqual(['new', 'c2', 'a3', 'c1', 'a2', 'b1', 'a1']);
    expect(list.messages.find((m) => m.subject === 'c1')!.seen).toBe(true);
    const conversations = await page('mode=conversations');
    expect(conversations.total).toBe(4);
    expect(conversations.messages.find((m) => m.subject === 'c2')!.conversation!.unseen).toBe(1);
    // A flag change alone (no arrival, no expunge) still reaches the cached unseen counts.
    await other.messageFlagsAdd(uidOf(current, 'c2'), ['\\Seen'], { uid: true });
    expect(subjects(await page())).toHaveLength(7);
    const after = await page('mode=conversations');
    expect(after.messages.find((m) => m.subject === 'c2')!.conversation!.unseen).toBe(0);
    await other.messageFlagsRemove(uidOf(current, 'c2'), ['\\Seen'], { uid: true });
    const again = await page('mode=conversations');
    expect(again.messages.find((m) => m.subject === 'c2')!.conversation!.unseen).toBe(1);
  });

  it('keeps the list right after moving messages out of the folder', async () => {
    const before = await page();
    const moved = await client.post<MassActionResponse>('/api/u/0/mailbox/massAction', {
      context: 'mailbox',
      messages: before.messages
        .filter((m) => ['a2', 'new'].includes(m.subject))
        .map((m) => ({ mailboxId: folderId, messageId: m.id })),
      action: 'trash',
    });
    expect(moved.status).toBe(200);
    expect(subjects(await page())).toEqual(['c2', 'a3', 'c1', 'b1', 'a1']);
    const conversations = await page('mode=conversations');
    expect(conversations.messages.find((m) => m.subject === 'a3')!.conversation!.count).toBe(2);
    await append('after', start + 8 * day);
    expect(subjects(await page())).toEqual(['after', 'c2', 'a3', 'c1', 'b1', 'a1']);
  });
});

describe('conversation rows: senders read once', () => {
  it('a page listed again names the same participants without asking for their envelopes again', async () => {
    let sent = '';
    const proxy = await startImapFilterProxy(
      inject('mailstack').ports.imap,
      {},
      {
        client: (chunk) => (sent += chunk.toString('latin1')),
      },
    );
    const server = await startServer('sqlite', { IMAP_PORT: String(proxy.port) });
    try {
      const user = await newMailUser('senders');
      const imap = await imapAs(user);
      for (const [subject, from, extra] of [
        ['root', 'q@example.test', { messageId: '<r@t>' }],
        ['reply', 'p@example.test', { messageId: '<s@t>', inReplyTo: '<r@t>', references: '<r@t>' }],
      ] as const) {
        const raw = await composeRaw({ from, to: user.email, subject, text: 'x', ...extra });
        await imap.append('INBOX', raw, subject === 'root' ? ['\\Seen'] : []);
      }
      const client = server.client();
      await client.signIn(user.email, user.password);
      const tree = await client.get<{ mailboxes: Folder[] }>('/api/u/0/mailbox');
      const inbox = tree.body.mailboxes.find((f) => f.specialUse === 'inbox')!;
      const list = async () =>
        (await client.get<MessageListResponse>(`/api/u/0/mailbox/${inbox.id}/messages?mode=conversations`))
          .body;
      const envelopesAsked = () => (sent.match(/UID FETCH \S+ \(UID ENVELOPE\)/g) ?? []).length;
      const first = await list();
      expect(envelopesAsked()).toBe(1);
      const participants = [
        { name: '', address: 'q@example.test', unseen: false, self: false },
        { name: '', address: 'p@example.test', unseen: true, self: false },
      ];
      expect(first.messages[0]!.conversation!.participants).toEqual(participants);
      // Another session reads the reply: the unread state follows, the senders come from the cache.
      await imap.mailboxOpen('INBOX');
      await imap.messageFlagsAdd('1:*', ['\\Seen']);
      const again = await list();
      expect(envelopesAsked()).toBe(1);
      expect(again.messages[0]!.conversation!.participants).toEqual(
        participants.map((p) => ({ ...p, unseen: false })),
      );
      await imap.logout();
    } finally {
      await server.close();
      await proxy.close();
    }
  });
});

describe('conversation mode on a server without THREAD=REFS', () => {
  it('answers one conversation per message, as message mode does', async () => {
    const proxy = await startImapFilterProxy(inject('mailstack').ports.imap, {
      capabilities: ['THREAD=REFS'],
    });
    const server = await startServer('sqlite', { IMAP_PORT: String(proxy.port) });
    try {
      const user = await newMailUser('nothread');
      const imap = await imapAs(user);
      for (const [subject, extra] of [
        ['root', { messageId: '<r@t>' }],
        ['reply', { messageId: '<s@t>', inReplyTo: '<r@t>', references: '<r@t>' }],
      ] as const) {
        await imap.append(
          'INBOX',
          await composeRaw({ from: 'p@example.test', to: user.email, subject, text: 'x', ...extra }),
        );
      }
      await imap.logout();
      const client = server.client();
      await client.signIn(user.email, user.password);
      const tree = await client.get<{ mailboxes: Folder[] }>('/api/u/0/mailbox');
      const inbox = tree.body.mailboxes.find((f) => f.specialUse === 'inbox')!;
      const list = (
        await client.get<MessageListResponse>(`/api/u/0/mailbox/${inbox.id}/messages?mode=conversations`)
      ).body;
      expect(list.total).toBe(2);
      expect(list.messages.map((m) => [m.subject, m.conversation!.count])).toEqual([
        ['reply', 1],
        ['root', 1],
      ]);
    } finally {
      await server.close();
      await proxy.close();
    }
  });
});
