import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MassActionResponse, MessageDetail, ReplyPrefill, ThreadResponse } from '@webmail/contracts';
import type { TestClient } from '../support/http-client.testing.js';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';
import { deliver, folderIds, uidsBySubject } from '../support/reading.testing.js';

/**
 * Real mail repeats Message-IDs (resent copies, list duplicates, broken senders). A message is known by its folder
 * and UID; the Message-ID only groups the conversation. Five Inbox messages and two in another folder share one id,
 * each with its own subject and body: every one opens as itself, lists in the conversation, is replied to, moved and
 * deleted as itself.
 */
const sharedId = '<same-id@broken-sender.test>';
const inboxCopies = ['Copy 1', 'Copy 2', 'Copy 3', 'Copy 4', 'Copy 5'];
const otherCopies = ['Other A', 'Other B'];
const bodyOf = (subject: string) => `Body of ${subject}, and no other`;

describe('messages sharing one Message-ID', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;
  let user: { email: string; password: string };
  let ids: Record<string, string>;
  const uids = new Map<string, { mailbox: string; uid: number }>();

  const mail = (subject: string, hour: number) =>
    composeRaw({
      from: 'Broken Sender <sender@broken-sender.test>',
      to: user.email,
      subject,
      date: new Date(Date.UTC(2025, 2, 1, hour)),
      text: bodyOf(subject),
      headers: { 'Message-ID': sharedId },
    });

  beforeAll(async () => {
    server = await startServer('sqlite');
    user = await newMailUser('sameid');
    await deliver(user.email, await Promise.all(inboxCopies.map((s, i) => mail(s, i))));
    const imap = await imapAs(user);
    await imap.mailboxCreate('Other');
    for (const [i, s] of otherCopies.entries()) await imap.append('Other', await mail(s, 10 + i), []);
    await imap.logout();
    client = server.client();
    await client.signIn(user.email, user.password);
    ids = await folderIds(client);
    for (const [path, id] of [
      ['INBOX', ids.inbox!],
      ['Other', ids.Other!],
    ] as const)
      for (const [subject, uid] of await uidsBySubject(user, path)) uids.set(subject, { mailbox: id, uid });
  });
  afterAll(() => server.close());

  const detail = async (subject: string) => {
    const { mailbox, uid } = uids.get(subject)!;
    const res = await client.get<MessageDetail>(`/api/u/0/mailbox/${mailbox}/messages/${uid}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  it.each([...inboxCopies, ...otherCopies])(
    '%s opens as itself, in a conversation listing every copy',
    async (s) => {
      const { mailbox, uid } = uids.get(s)!;
      const opened = await detail(s);
      expect(opened).toMatchObject({ id: uid, mailbox, subject: s, messageId: sharedId });
      expect(opened.text).toContain(bodyOf(s));

      const thread = await client.get<ThreadResponse>(
        `/api/u/0/mailbox/${mailbox}/threads/${opened.thread}?messageId=${uid}`,
      );
      expect(thread.status).toBe(200);
      const listed = thread.body.messages.map((m) => `${m.mailbox}/${m.id}`);
      // The opened folder, then Inbox (and Sent, empty here): every copy is a message of its own.
      const expected = (mailbox === ids.inbox ? inboxCopies : [...inboxCopies, ...otherCopies]).map((c) => {
        const at = uids.get(c)!;
        return `${at.mailbox}/${at.uid}`;
      });
      expect(new Set(listed).size).toBe(listed.length);
      expect(listed.sort()).toEqual(expected.sort());
      const self = thread.body.messages.find((m) => m.mailbox === mailbox && m.id === uid);
      expect(self?.subject).toBe(s);
    },
  );

  it.each([...inboxCopies, ...otherCopies])('a reply to %s quotes that message', async (s) => {
    const { mailbox, uid } = uids.get(s)!;
    const res = await client.get<ReplyPrefill>(`/api/u/0/compose/replyTo/${mailbox}/${uid}?mode=reply`);
    expect(res.status).toBe(200);
    const { draft } = res.body;
    expect(draft.subject).toBe(`Re: ${s}`);
    expect(draft.inReplyTo).toBe(sharedId);
    expect(draft.references).toEqual([sharedId]);
    expect(draft.html ?? draft.text).toContain(bodyOf(s));
    for (const other of [...inboxCopies, ...otherCopies].filter((o) => o !== s))
      expect(draft.html ?? draft.text).not.toContain(bodyOf(other));
  });

  const massAction = (body: object) =>
    client.post<MassActionResponse>('/api/u/0/mailbox/massAction', { context: 'mailbox', ...body });
  const subjectsIn = async (path: string) => [...(await uidsBySubject(user, path)).keys()].sort();

  it('moves and deletes exactly the addressed copy', async () => {
    const moving = uids.get('Copy 3')!;
    const moved = await massAction({
      action: 'move',
      moveToTarget: ids.Other,
      messages: [{ mailboxId: moving.mailbox, messageId: moving.uid }],
    });
    expect(moved.status).toBe(200);
    expect(moved.body.handled).toBe(1);
    expect(await subjectsIn('INBOX')).toEqual(['Copy 1', 'Copy 2', 'Copy 4', 'Copy 5']);
    expect(await subjectsIn('Other')).toEqual(['Copy 3', 'Other A', 'Other B']);
    for (const [subject, uid] of await uidsBySubject(user, 'Other'))
      uids.set(subject, { mailbox: ids.Other!, uid });
    const arrived = await detail('Copy 3');
    expect(arrived.text).toContain(bodyOf('Copy 3'));

    // Two copies to Trash, then one of them deleted for good: the other stays.
    for (const [subject, path] of [
      ['Copy 2', 'INBOX'],
      ['Other B', 'Other'],
    ] as const) {
      const at = uids.get(subject)!;
      const trashed = await massAction({
        action: 'trash',
        messages: [{ mailboxId: at.mailbox, messageId: at.uid }],
      });
      expect(trashed.status).toBe(200);
      expect(trashed.body.handled).toBe(1);
      expect(await subjectsIn(path)).not.toContain(subject);
    }
    expect(await subjectsIn('INBOX')).toEqual(['Copy 1', 'Copy 4', 'Copy 5']);
    expect(await subjectsIn('Other')).toEqual(['Copy 3', 'Other A']);
    const trash = await uidsBySubject(user, 'Trash');
    expect([...trash.keys()].sort()).toEqual(['Copy 2', 'Other B']);
    const gone = await massAction({
      action: 'delete',
      messages: [{ mailboxId: ids.trash, messageId: trash.get('Other B') }],
    });
    expect(gone.status).toBe(200);
    expect(gone.body.handled).toBe(1);
    expect(await subjectsIn('Trash')).toEqual(['Copy 2']);
    const kept = await client.get<MessageDetail>(
      `/api/u/0/mailbox/${ids.trash}/messages/${trash.get('Copy 2')}`,
    );
    expect(kept.body.text).toContain(bodyOf('Copy 2'));
    for (const s of ['Copy 1', 'Copy 4', 'Copy 5', 'Copy 3', 'Other A'])
      expect((await detail(s)).text).toContain(bodyOf(s));
  });

  it('lists a copy of one message in Sent and in Inbox once, from the opened folder', async () => {
    const self = await newMailUser('sameid-self');
    const raw = await composeRaw({
      from: self.email,
      to: self.email,
      subject: 'Note to self',
      text: 'Remember the milk',
      headers: { 'Message-ID': '<note-to-self@example.test>' },
    });
    await deliver(self.email, [raw]);
    const imap = await imapAs(self);
    await imap.append('Sent', raw, ['\\Seen']);
    await imap.logout();
    const own = server.client();
    await own.signIn(self.email, self.password);
    const folders = await folderIds(own);
    for (const [path, mailbox] of [
      ['INBOX', folders.inbox!],
      ['Sent', folders.sent!],
    ] as const) {
      const uid = (await uidsBySubject(self, path)).get('Note to self')!;
      const { thread } = (await own.get<MessageDetail>(`/api/u/0/mailbox/${mailbox}/messages/${uid}`)).body;
      const res = await own.get<ThreadResponse>(
        `/api/u/0/mailbox/${mailbox}/threads/${thread}?messageId=${uid}`,
      );
      expect(res.body.messages.map((m) => [m.mailbox, m.id])).toEqual([[mailbox, uid]]);
    }
  });
});
