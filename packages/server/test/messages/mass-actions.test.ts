import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type {
  ApiError,
  Folder,
  MailboxTreeResponse,
  MassActionResponse,
  MessageListResponse,
} from '@webmail/contracts';
import type { TestClient } from '../support/http-client.testing.js';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';
import { startImapFilterProxy } from '../support/imap-filter-proxy.testing.js';

describe('mass actions', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let user: { email: string; password: string };
  let client: TestClient;
  let folders: Map<string, Folder>;
  const id = (use: string) => folders.get(use)!.id;
  const act = (body: Record<string, unknown>) =>
    client.post<MassActionResponse & Partial<ApiError>>('/api/u/0/mailbox/massAction', {
      context: 'mailbox',
      ...body,
    });
  const list = async (mailboxId: string) =>
    (await client.get<MessageListResponse>(`/api/u/0/mailbox/${mailboxId}/messages?limit=200`)).body;
  const ref = (mailboxId: string, messageId: number | '*') => ({ mailboxId, messageId, threadId: 't' });

  beforeAll(async () => {
    server = await startServer('sqlite');
    user = await newMailUser('mass');
    const imap = await imapAs(user);
    await imap.mailboxCreate('Projects');
    for (let i = 1; i <= 8; i += 1) {
      const raw = await composeRaw({ from: 'b@example.test', to: user.email, subject: `m${i}`, text: 'x' });
      await imap.append('INBOX', raw, []);
    }
    await imap.logout();
    client = server.client();
    await client.signIn(user.email, user.password);
    const tree = (await client.get<MailboxTreeResponse>('/api/u/0/mailbox')).body.mailboxes;
    folders = new Map(tree.map((f) => [f.specialUse ?? f.path, f]));
  });
  afterAll(() => server.close());

  it('refuses an empty selection, search context, unknown folders and a move without target', async () => {
    const empty = await act({ messages: [], action: 'seen' });
    expect(empty.status).toBe(422);
    expect(empty.body.reason).toBe('noMessagesSelected');
    expect(
      (await act({ context: 'searchAll', messages: [ref(id('inbox'), 1)], action: 'seen' })).status,
    ).toBe(422);
    expect((await act({ messages: [ref('nope', 1)], action: 'seen' })).status).toBe(404);
    const noTarget = await act({ messages: [ref(id('inbox'), 1)], action: 'move' });
    expect(noTarget.status).toBe(422);
    expect(noTarget.body.errors?.moveToTarget).toBeDefined();
    expect(
      (await act({ messages: [ref(id('inbox'), 1)], action: 'move', moveToTarget: 'nope' })).status,
    ).toBe(404);
  });

  it('flags and marks explicit messages and whole folders with one UID set', async () => {
    const flagged = await act({
      messages: [1, 2, 3, 5, 999].map((u) => ref(id('inbox'), u)),
      action: 'flagged',
    });
    expect(flagged.status).toBe(200);
    expect(flagged.body).toMatchObject({ action: 'flagged', total: 4, handled: 4 });
    expect(flagged.body.folders).toEqual([
      { mailboxId: id('inbox'), total: 4, handled: 4, handledUidSet: '1:3,5', changedUidSet: '1:3,5' },
    ]);
    const rows = (await list(id('inbox'))).messages;
    expect(
      rows
        .filter((m) => m.flagged)
        .map((m) => m.id)
        .sort(),
    ).toEqual([1, 2, 3, 5]);
    const unflag = await act({ messages: [ref(id('inbox'), 2)], action: 'unflag' });
    expect(unflag.body.handled).toBe(1);
    expect(unflag.body.folders[0]!.changedUidSet).toBe('2');
    const seen = await act({ messages: [ref(id('inbox'), '*')], action: 'seen' });
    expect(seen.body).toMatchObject({ total: 8, handled: 8 });
    expect(seen.body.folders[0]!.handledUidSet).toBe('1:8');
    const tree = (await client.get<MailboxTreeResponse>('/api/u/0/mailbox')).body.mailboxes;
    expect(tree.find((f) => f.specialUse === 'inbox')!.unseen).toBe(0);
    await act({ messages: [ref(id('inbox'), 8)], action: 'unseen' });
    expect((await list(id('inbox'))).messages.find((m) => m.id === 8)?.seen).toBe(false);
  });

  it('reports as changed only the messages whose flag the action changed', async () => {
    const all = ref(id('inbox'), '*');
    // Flagged now: 1, 3, 5. Flagging everything changes the others only; undo unflags exactly those.
    const flagAll = await act({ messages: [all], action: 'flagged' });
    expect(flagAll.body.folders[0]).toMatchObject({ handledUidSet: '1:8', changedUidSet: '2,4,6:8' });
    const undo = await act({
      messages: [2, 4, 6, 7, 8].map((u) => ref(id('inbox'), u)),
      action: 'unflag',
    });
    expect(undo.body.folders[0]!.changedUidSet).toBe('2,4,6:8');
    const again = await act({ messages: [ref(id('inbox'), 2)], action: 'unflag' });
    expect(again.body.folders[0]).toMatchObject({ handled: 1, handledUidSet: '2', changedUidSet: '' });
    // Only 8 is unseen: marking the folder read changes that one.
    const seen = await act({ messages: [all], action: 'seen' });
    expect(seen.body.folders[0]).toMatchObject({ handled: 8, changedUidSet: '8' });
    const rows = (await list(id('inbox'))).messages;
    expect(
      rows
        .filter((m) => m.flagged)
        .map((m) => m.id)
        .sort(),
    ).toEqual([1, 3, 5]);
    expect(rows.every((m) => m.seen)).toBe(true);
    await act({ messages: [ref(id('inbox'), 8)], action: 'unseen' });
  });

  it('moves with a UID map that undoes the move', async () => {
    const before = (await list(id('inbox'))).total;
    const moved = await act({
      messages: [ref(id('inbox'), 1), ref(id('inbox'), 2)],
      action: 'move',
      moveToTarget: id('Projects'),
    });
    expect(moved.status).toBe(200);
    expect(moved.body.moved).toEqual([
      { from: id('inbox'), to: id('Projects'), uidMap: { source: '1:2', destination: expect.any(String) } },
    ]);
    expect((await list(id('inbox'))).total).toBe(before - 2);
    expect((await list(id('Projects'))).messages.map((m) => m.subject).sort()).toEqual(['m1', 'm2']);
    const destination = moved.body.moved[0]!.uidMap!.destination;
    const uids = destination.split(/[,:]/).map(Number);
    const undo = await act({
      messages: uids.map((u) => ref(id('Projects'), u)),
      action: 'move',
      moveToTarget: id('inbox'),
    });
    expect(undo.body.handled).toBe(2);
    expect((await list(id('inbox'))).total).toBe(before);
    expect((await list(id('Projects'))).total).toBe(0);
  });

  it('trashes, deletes forever only in Trash or Junk, and moves spam and back', async () => {
    const inboxRows = (await list(id('inbox'))).messages;
    const [a, b, c] = inboxRows.map((m) => m.id);
    const trash = await act({ messages: [ref(id('inbox'), a!)], action: 'trash' });
    expect(trash.body.moved[0]).toMatchObject({ from: id('inbox'), to: id('trash') });
    expect(trash.body.folders[0]!.changedUidSet).toBe(String(a));
    const deleteHere = await act({ messages: [ref(id('inbox'), b!)], action: 'delete' });
    expect(deleteHere.status).toBe(403);
    expect(deleteHere.body.code).toBe('Forbidden');
    const inTrash = (await list(id('trash'))).messages;
    expect(inTrash).toHaveLength(1);
    const del = await act({ messages: [ref(id('trash'), '*')], action: 'delete' });
    expect(del.body).toMatchObject({ handled: 1, moved: [] });
    expect((await list(id('trash'))).total).toBe(0);

    const spam = await act({ messages: [ref(id('inbox'), b!), ref(id('inbox'), c!)], action: 'spam' });
    expect(spam.body.moved[0]).toMatchObject({ to: id('junk') });
    expect((await list(id('junk'))).total).toBe(2);
    expect((await act({ messages: [ref(id('inbox'), 3)], action: 'notspam' })).status).toBe(422);
    const back = await act({ messages: [ref(id('junk'), '*')], action: 'notspam' });
    expect(back.body).toMatchObject({ handled: 2, moved: [{ from: id('junk'), to: id('inbox') }] });
    expect((await list(id('junk'))).total).toBe(0);
    const archived = await act({ messages: [ref(id('inbox'), '*')], action: 'archive' });
    expect(archived.body.moved[0]).toMatchObject({ to: id('archive') });
    expect((await list(id('inbox'))).total).toBe(0);
  });
});

describe('mass actions on an account without an Archive folder', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let proxy: Awaited<ReturnType<typeof startImapFilterProxy>>;

  beforeAll(async () => {
    // The sandbox always lists its auto-created Archive, so the server talks to it through a relay that
    // hides that folder (see imap-filter-proxy.testing.ts): the account then has no \Archive folder.
    proxy = await startImapFilterProxy(inject('mailstack').ports.imap, { folder: 'Archive' });
    server = await startServer('sqlite', { IMAP_PORT: String(proxy.port) });
  });
  afterAll(async () => {
    await server.close();
    await proxy.close();
  });

  it('answers 403 archiveFolderNotSet and leaves the message where it was', async () => {
    const user = await newMailUser('noarchive');
    const imap = await imapAs(user);
    await imap.append(
      'INBOX',
      await composeRaw({ from: 'b@example.test', to: user.email, subject: 'keep', text: 'x' }),
    );
    await imap.logout();
    const client = server.client();
    await client.signIn(user.email, user.password);
    const tree = (await client.get<MailboxTreeResponse>('/api/u/0/mailbox')).body.mailboxes;
    expect(tree.some((f) => f.specialUse === 'archive' || f.path === 'Archive')).toBe(false);
    const inbox = tree.find((f) => f.specialUse === 'inbox')!;
    const res = await client.post<{ code: string; message: string }>('/api/u/0/mailbox/massAction', {
      context: 'mailbox',
      messages: [{ mailboxId: inbox.id, messageId: '*' }],
      action: 'archive',
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'Forbidden', reason: 'archiveFolderNotSet' });
    const rows = await client.get<MessageListResponse>(`/api/u/0/mailbox/${inbox.id}/messages`);
    expect(rows.body.messages.map((m) => m.subject)).toEqual(['keep']);
  });
});
