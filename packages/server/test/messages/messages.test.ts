import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Folder, MessageDetail, MessageListResponse } from '@webmail/contracts';
import type { TestClient } from '../support/http-client.testing.js';
import { composeRaw, pixelPng, tinyPdf } from '../support/mail-fixtures.testing.js';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';

const pdfName = 'Kvartaliaruanne Q3 – ülevaade.pdf';
const pdf = tinyPdf('Q3 report');

describe('message list, message and attachment', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;
  let inboxId: string;

  beforeAll(async () => {
    server = await startServer('sqlite');
    const user = await newMailUser('reader');
    const imap = await imapAs(user);
    for (let i = 1; i <= 5; i += 1) {
      const raw = await composeRaw({
        from: 'Bob <bob@example.test>',
        to: user.email,
        subject: `Plain ${i}`,
        text: `Body ${i} – päivää\n\n> quoted earlier text ${i}\n`,
      });
      await imap.append('INBOX', raw, ['\\Seen']);
    }
    const rich = await composeRaw({
      from: 'Mari Maasikas <mari@example.test>',
      to: user.email,
      subject: 'Aruanne ja pildid',
      text: 'See on aruanne.',
      html:
        '<p onclick="steal()">Tere!</p><script>alert(1)</script>' +
        '<img src="https://images.example.com/track.png" alt="remote"><img src="cid:logo@example.test" alt="logo">',
      attachments: [
        { filename: 'logo.png', content: pixelPng, cid: 'logo@example.test' },
        { filename: pdfName, content: pdf, contentType: 'application/pdf' },
      ],
    });
    await imap.append('INBOX', rich, []);
    await imap.logout();
    client = server.client();
    await client.signIn(user.email, user.password);
    const tree = await client.get<{ mailboxes: Folder[] }>('/api/u/0/mailbox');
    inboxId = tree.body.mailboxes.find((f) => f.specialUse === 'inbox')!.id;
  });
  afterAll(() => server.close());

  it('lists newest first in pages', async () => {
    const first = await client.get<MessageListResponse>(`/api/u/0/mailbox/${inboxId}/messages?limit=4`);
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(6);
    expect(first.body.messages.map((m) => m.subject)).toEqual([
      'Aruanne ja pildid',
      'Plain 5',
      'Plain 4',
      'Plain 3',
    ]);
    expect(first.body.messages[0]).toMatchObject({
      seen: false,
      hasAttachments: true,
      from: { name: 'Mari Maasikas' },
      preview: 'See on aruanne.',
    });
    // The preview is the message's own words: quoted lines are left out.
    expect(first.body.messages[1]?.preview).toBe('Body 5 – päivää');
    const second = await client.get<MessageListResponse>(
      `/api/u/0/mailbox/${inboxId}/messages?offset=4&limit=4`,
    );
    expect(second.body.messages.map((m) => m.subject)).toEqual(['Plain 2', 'Plain 1']);
  });

  it('answers bad paging and unknown folders or messages clearly', async () => {
    expect((await client.get(`/api/u/0/mailbox/${inboxId}/messages?limit=0`)).status).toBe(422);
    expect((await client.get('/api/u/0/mailbox/nope/messages')).status).toBe(404);
    expect((await client.get(`/api/u/0/mailbox/${inboxId}/messages/99999`)).status).toBe(404);
  });

  it('returns sanitized HTML with remote content blocked and cid images inline', async () => {
    const list = await client.get<MessageListResponse>(`/api/u/0/mailbox/${inboxId}/messages?limit=1`);
    const id = list.body.messages[0]!.id;
    const res = await client.get<MessageDetail>(`/api/u/0/mailbox/${inboxId}/messages/${id}`);
    expect(res.status).toBe(200);
    const msg = res.body;
    expect(msg.html).toContain('Tere!');
    expect(msg.html).not.toMatch(/<script|onclick|alert\(1\)/);
    expect(msg.html).not.toMatch(/\ssrc="https:/);
    expect(msg.remoteContentBlocked).toBe(true);
    expect(msg.html).toContain(`src="data:image/png;base64,${pixelPng.toString('base64')}"`);
    expect(msg.text).toContain('See on aruanne.');
    const listed = msg.attachments.filter((a) => !a.related);
    expect(listed).toEqual([expect.objectContaining({ filename: pdfName, contentType: 'application/pdf' })]);
    expect(msg.attachments.find((a) => a.related)?.contentId).toBe('logo@example.test');
  });

  it('answers the same body when a message is opened again, and never another user’s', async () => {
    const list = await client.get<MessageListResponse>(`/api/u/0/mailbox/${inboxId}/messages?limit=1`);
    const id = list.body.messages[0]!.id;
    const path = `/api/u/0/mailbox/${inboxId}/messages/${id}`;
    const first = (await client.get<MessageDetail>(path)).body;
    const again = (await client.get<MessageDetail>(path)).body;
    expect(again).toEqual(first);
    // Another user whose message has the same folder and UID (and perhaps the same UIDVALIDITY).
    const other = await newMailUser('reader-other');
    const imap = await imapAs(other);
    for (let i = 1; i <= id; i += 1) {
      const html = `<p>Only for the other user ${i}</p>`;
      const raw = await composeRaw({ from: 'x@example.test', to: other.email, subject: `O${i}`, html });
      await imap.append('INBOX', raw, []);
    }
    await imap.logout();
    const otherClient = server.client();
    await otherClient.signIn(other.email, other.password);
    const tree = await otherClient.get<{ mailboxes: Folder[] }>('/api/u/0/mailbox');
    const otherInbox = tree.body.mailboxes.find((f) => f.specialUse === 'inbox')!.id;
    const theirs = await otherClient.get<MessageDetail>(`/api/u/0/mailbox/${otherInbox}/messages/${id}`);
    expect(theirs.body.html).toContain(`Only for the other user ${id}`);
    expect(theirs.body.html).not.toContain('Tere!');
  });

  it('reads flowed text in a declared charset, single-part and in a multipart', async () => {
    const reader = await newMailUser('reader-flowed');
    const imap = await imapAs(reader);
    const head = (type: string) => `From: a@example.test\r\nSubject: f\r\nMIME-Version: 1.0\r\n${type}`;
    const single = Buffer.from(
      head('Content-Type: text/plain; charset=iso-8859-1; format=flowed\r\n') +
        'Content-Transfer-Encoding: 8bit\r\n\r\n' +
        'Tere, see on pikk l\xe4hem \r\nrida, mis on murtud. \r\nL\xf5pp.\r\n-- \r\nMari\r\n',
      'latin1',
    );
    const flowed = Buffer.from('Jagatud s\u00f5 \r\nna.\r\n> quoted\r\n', 'utf8').toString('base64');
    const multi = Buffer.from(
      head('Content-Type: multipart/alternative; boundary=b\r\n\r\n') +
        '--b\r\nContent-Type: text/plain; charset=utf-8; format=flowed; delsp=yes\r\n' +
        `Content-Transfer-Encoding: base64\r\n\r\n${flowed}\r\n` +
        '--b\r\nContent-Type: text/html; charset=windows-1252\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n' +
        '<p>Hinnad =80 ja =9Aokolaad</p>\r\n--b--\r\n',
      'latin1',
    );
    await imap.append('INBOX', single, []);
    await imap.append('INBOX', multi, []);
    await imap.logout();
    const readerClient = server.client();
    await readerClient.signIn(reader.email, reader.password);
    const tree = await readerClient.get<{ mailboxes: Folder[] }>('/api/u/0/mailbox');
    const box = tree.body.mailboxes.find((f) => f.specialUse === 'inbox')!.id;
    const open = async (uid: number) =>
      (await readerClient.get<MessageDetail>(`/api/u/0/mailbox/${box}/messages/${uid}`)).body;
    expect((await open(1)).text).toBe('Tere, see on pikk lähem rida, mis on murtud. Lõpp.\n-- \nMari');
    const both = await open(2);
    expect(both.text).toBe('Jagatud sõna.\n> quoted');
    expect(both.html).toContain('Hinnad € ja šokolaad');
  });

  it('downloads an attachment with its exact name, type and bytes', async () => {
    const list = await client.get<MessageListResponse>(`/api/u/0/mailbox/${inboxId}/messages?limit=1`);
    const id = list.body.messages[0]!.id;
    const msg = (await client.get<MessageDetail>(`/api/u/0/mailbox/${inboxId}/messages/${id}`)).body;
    const part = msg.attachments.find((a) => a.filename === pdfName)!;
    const res = await client.get(`/api/u/0/mailbox/${inboxId}/messages/${id}/attachments/${part.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment;/);
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1] ?? '')).toBe(pdfName);
    expect(res.raw.equals(pdf)).toBe(true);
    expect((await client.get(`/api/u/0/mailbox/${inboxId}/messages/${id}/attachments/9`)).status).toBe(404);
  });

  it('marks a message seen and flagged', async () => {
    const list = await client.get<MessageListResponse>(`/api/u/0/mailbox/${inboxId}/messages?limit=1`);
    const id = list.body.messages[0]!.id;
    const res = await client.patch<{ seen: boolean; flagged: boolean }>(
      `/api/u/0/mailbox/${inboxId}/messages/${id}`,
      {
        seen: true,
        flagged: true,
      },
    );
    expect(res.body).toEqual({ seen: true, flagged: true });
    const after = await client.get<MessageListResponse>(`/api/u/0/mailbox/${inboxId}/messages?limit=1`);
    expect(after.body.messages[0]).toMatchObject({ seen: true, flagged: true });
    const tree = await client.get<{ mailboxes: Folder[] }>('/api/u/0/mailbox');
    expect(tree.body.mailboxes[0]!.unseen).toBe(0);
    expect((await client.patch(`/api/u/0/mailbox/${inboxId}/messages/${id}`, {})).status).toBe(422);
  });
});
