import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageDetail, ThreadResponse } from '@webmail/contracts';
import type { TestClient } from '../support/http-client.testing.js';
import { composeRaw, pixelPng, tinyPdf } from '../support/mail-fixtures.testing.js';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';
import { deliver, folderIds, uidsBySubject } from '../support/reading.testing.js';

const pdfName = 'Kvartaliaruanne – ülevaade.pdf';

describe('conversation, source and download-all', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;
  let user: { email: string; password: string };
  let ids: Record<string, string>;
  let inbox: Map<string, number>;

  beforeAll(async () => {
    server = await startServer('sqlite');
    user = await newMailUser('thread');
    const mail = (subject: string, date: string, headers: Record<string, string>, extra = {}) =>
      composeRaw({
        from: 'Alice <alice@example.test>',
        to: user.email,
        subject,
        date: new Date(date),
        text: `${subject} body text`,
        headers,
        ...extra,
      });
    await deliver(user.email, [
      await mail('Plans', '2025-01-01T10:00:00Z', { 'Message-ID': '<root@example.test>' }),
      await mail('Re: Plans', '2025-01-01T12:00:00Z', {
        'Message-ID': '<r2@example.test>',
        'In-Reply-To': '<r1@example.test>',
        References: '<root@example.test> <r1@example.test>',
      }),
      await mail('Other thread', '2025-01-01T13:00:00Z', {
        'Message-ID': '<x@example.test>',
        References: '<elsewhere@example.test> <root@example.test>',
      }),
      await mail(
        'Files',
        '2025-01-02T09:00:00Z',
        { 'Message-ID': '<files@example.test>' },
        {
          html: '<p>See files</p><img src="cid:logo@example.test">',
          attachments: [
            { filename: 'notes.txt', content: 'first notes' },
            { filename: 'NOTES.txt', content: 'second notes' },
            { filename: pdfName, content: tinyPdf('Q3'), contentType: 'application/pdf' },
            { filename: 'logo.png', content: pixelPng, cid: 'logo@example.test' },
          ],
        },
      ),
    ]);
    const sentReply = await composeRaw({
      from: user.email,
      to: 'Alice <alice@example.test>',
      subject: 'Re: Plans',
      date: new Date('2025-01-01T11:00:00Z'),
      text: 'My reply from Sent',
      headers: {
        'Message-ID': '<r1@example.test>',
        'In-Reply-To': '<root@example.test>',
        References: '<root@example.test>',
      },
    });
    client = server.client();
    await client.signIn(user.email, user.password);
    ids = await folderIds(client);
    const imap = await imapAs(user);
    await imap.append('Sent', sentReply, ['\\Seen']);
    await imap.logout();
    inbox = await uidsBySubject(user);
  });
  afterAll(() => server.close());

  const detail = async (uid: number) =>
    (await client.get<MessageDetail>(`/api/u/0/mailbox/${ids.inbox}/messages/${uid}`)).body;

  it('gathers the conversation from Inbox and Sent, oldest first, with snippets', async () => {
    const uid = inbox.get('Re: Plans')!;
    const { thread } = await detail(uid);
    const res = await client.get<ThreadResponse>(
      `/api/u/0/mailbox/${ids.inbox}/threads/${thread}?messageId=${uid}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.thread).toBe(thread);
    expect(res.body.messages.map((m) => [m.subject, m.mailbox, m.messageId])).toEqual([
      ['Plans', ids.inbox, '<root@example.test>'],
      ['Re: Plans', ids.sent, '<r1@example.test>'],
      ['Re: Plans', ids.inbox, '<r2@example.test>'],
    ]);
    expect(res.body.messages[1]).toMatchObject({ seen: true, snippet: 'My reply from Sent' });
    expect(res.body.messages[0]!.snippet).toBe('Plans body text');
    expect(res.body.messages[0]!.from).toEqual({ name: 'Alice', address: 'alice@example.test' });
  });

  it('answers a lone message as its own conversation, and 404 for a wrong thread id', async () => {
    const uid = inbox.get('Files')!;
    const { thread } = await detail(uid);
    const res = await client.get<ThreadResponse>(
      `/api/u/0/mailbox/${ids.inbox}/threads/${thread}?messageId=${uid}`,
    );
    expect(res.body.messages.map((m) => m.subject)).toEqual(['Files']);
    expect(res.body.messages[0]!.hasAttachments).toBe(true);
    const wrong = await client.get(`/api/u/0/mailbox/${ids.inbox}/threads/nope?messageId=${uid}`);
    expect(wrong.status).toBe(404);
    expect((await client.get(`/api/u/0/mailbox/${ids.inbox}/threads/nope`)).status).toBe(404);
  });

  it('finds a conversation by its id alone (the thread print address carries no message)', async () => {
    const uid = inbox.get('Re: Plans')!;
    const { thread } = await detail(uid);
    const alone = await client.get<ThreadResponse>(`/api/u/0/mailbox/${ids.inbox}/threads/${thread}`);
    expect(alone.status).toBe(200);
    expect(alone.body.messages.map((m) => [m.subject, m.mailbox])).toEqual([
      ['Plans', ids.inbox],
      ['Re: Plans', ids.sent],
      ['Re: Plans', ids.inbox],
    ]);
    const lone = inbox.get('Files')!;
    const own = (await detail(lone)).thread;
    const files = await client.get<ThreadResponse>(`/api/u/0/mailbox/${ids.inbox}/threads/${own}`);
    expect(files.body.messages.map((m) => m.subject)).toEqual(['Files']);
  });

  it('shows the raw source as text and downloads it as .eml', async () => {
    const base = `/api/u/0/mailbox/${ids.inbox}/messages/${inbox.get('Plans')}/source`;
    const view = await client.get<string>(base);
    expect(view.status).toBe(200);
    expect(view.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(view.headers.get('x-content-type-options')).toBe('nosniff');
    expect(view.body).toContain('Message-ID: <root@example.test>');
    expect(view.body).toContain('Plans body text');
    const download = await client.get(`${base}?download=1`);
    expect(download.headers.get('content-type')).toBe('message/rfc822');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Plans.eml"; filename*=UTF-8''Plans.eml`,
    );
    expect(download.raw.equals(view.raw)).toBe(true);
  });

  it('zips all attachments, not the inline image, with unique names', async () => {
    const res = await client.get(
      `/api/u/0/mailbox/${ids.inbox}/messages/${inbox.get('Files')}/attachments.zip`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Files.zip"/);
    const files = unzipSync(new Uint8Array(res.raw));
    expect(Object.keys(files)).toEqual(['notes.txt', 'NOTES (2).txt', pdfName]);
    expect(Buffer.from(files['NOTES (2).txt']!).toString()).toBe('second notes');
    expect(Buffer.from(files[pdfName]!).equals(tinyPdf('Q3'))).toBe(true);
    const none = await client.get(
      `/api/u/0/mailbox/${ids.inbox}/messages/${inbox.get('Plans')}/attachments.zip`,
    );
    expect(none.status).toBe(404);
  });
  it('keeps a conversation opened again up to date with changes made anywhere', async () => {
    const uid = inbox.get('Re: Plans')!;
    const { thread } = await detail(uid);
    const path = `/api/u/0/mailbox/${ids.inbox}/threads/${thread}?messageId=${uid}`;
    const open = async () => (await client.get<ThreadResponse>(path)).body.messages;
    const byId = async () => new Map((await open()).map((m) => [m.messageId, m]));
    expect(await open()).toEqual(await open());
    const imap = await imapAs(user);
    try {
      // Another session flags the reply in Sent, and the root in the Inbox (the opened folder).
      await imap.mailboxOpen('Sent');
      await imap.messageFlagsAdd('1:*', ['\\Flagged']);
      expect((await byId()).get('<r1@example.test>')?.flagged).toBe(true);
      await imap.mailboxOpen('INBOX');
      await imap.messageFlagsAdd(String(inbox.get('Plans')!), ['\\Flagged'], { uid: true });
      expect((await byId()).get('<root@example.test>')?.flagged).toBe(true);
      // This session marks the opened message read.
      await client.patch(`/api/u/0/mailbox/${ids.inbox}/messages/${uid}`, { seen: true });
      expect((await byId()).get('<r2@example.test>')?.seen).toBe(true);
      // A new reply arrives.
      const reply = await composeRaw({
        from: 'Alice <alice@example.test>',
        to: user.email,
        subject: 'Re: Plans',
        date: new Date('2025-01-01T14:00:00Z'),
        text: 'One more thing',
        headers: {
          'Message-ID': '<r3@example.test>',
          'In-Reply-To': '<r2@example.test>',
          References: '<root@example.test> <r1@example.test> <r2@example.test>',
        },
      });
      await deliver(user.email, [reply]);
      const messages = await open();
      expect(messages.map((m) => m.messageId)).toEqual([
        '<root@example.test>',
        '<r1@example.test>',
        '<r2@example.test>',
        '<r3@example.test>',
      ]);
      expect(messages[3]!.snippet).toBe('One more thing');
      // And the reply in Sent is removed.
      await imap.mailboxOpen('Sent');
      await imap.messageDelete('1:*');
      expect((await open()).map((m) => m.messageId)).not.toContain('<r1@example.test>');
    } finally {
      await imap.logout();
    }
  });
});
