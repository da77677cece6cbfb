import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../support/http-client.testing.js';
import { imapAs, newMailUser, startServer } from '../support/harness.testing.js';
import { folderIds } from '../support/reading.testing.js';

type ErrorBody = { code: string; message: string; errors?: Record<string, string[]> };

/** Uploads and downloads with broken or hostile framing (security findings 4 and 5). */
describe('Security 4 and 5: upload parsing and attachment types', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;
  let user: { email: string; password: string };
  const uids = new Map<string, number>();

  beforeAll(async () => {
    server = await startServer('sqlite');
    user = await newMailUser('files');
    const imap = await imapAs(user);
    for (const [declared] of declaredTypes) {
      const appended = await imap.append('INBOX', attachmentMail(declared!), []);
      if (appended && appended.uid) uids.set(declared!, appended.uid);
    }
    await imap.logout();
    client = server.client();
    await client.signIn(user.email, user.password);
  });
  afterAll(() => server.close());

  /** A raw upload request: the body and Content-Type exactly as given, with the session's cookies. */
  async function rawUpload(contentType: string, body: string) {
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; ');
    const res = await fetch(`${client.baseUrl}/api/u/0/compose/attachments`, {
      method: 'POST',
      headers: { cookie, 'x-xsrf-token': client.xsrf!, 'content-type': contentType },
      body,
    });
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text) as ErrorBody };
  }
  const storedUploads = async () =>
    (
      await server.app.services.db
        .selectFrom('compose_uploads')
        .select('id')
        .where('account', '=', user.email)
        .execute()
    ).length;
  const part = (type: string) =>
    `--XB\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: ${type}\r\n\r\nhello\r\n`;

  it.each([
    ['without its closing boundary', 'multipart/form-data; boundary=XB', part('text/plain')],
    ['without a boundary', 'multipart/form-data', part('text/plain')],
    ['with an empty body', 'multipart/form-data; boundary=XB', ''],
    [
      'with a part Content-Type over 255 characters',
      'multipart/form-data; boundary=XB',
      `${part(`text/${'x'.repeat(300)}`)}--XB--\r\n`,
    ],
    [
      'with a part Content-Type that is not a MIME type',
      'multipart/form-data; boundary=XB',
      `${part('"><script>')}--XB--\r\n`,
    ],
  ])(
    'Security 4: answers an upload %s with 4xx in the API shape and stores nothing',
    async (_, type, body) => {
      const before = await storedUploads();
      // Before: 500 {code:'Internal'} for all but the empty body; the long type also left an orphan upload.
      const res = await rawUpload(type, body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body).toMatchObject({ code: 'ValidationError', message: expect.any(String) });
      expect(await storedUploads()).toBe(before);
    },
  );

  it('Security 4: still stores a well-formed upload', async () => {
    const res = await rawUpload(
      'multipart/form-data; boundary=XB',
      `${part('Text/Plain; charset=utf-8')}--XB--\r\n`,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'upload', filename: 'a.txt', contentType: 'text/plain', size: 5 });
  });

  const declaredTypes = [
    ['image/png日本', 'application/octet-stream'],
    ['IMAGE/PNG', 'image/png'],
    ['text/html; charset=utf-8', 'text/html'],
    // An invalid Content-Type is text/plain (RFC 2045; Dovecot's BODYSTRUCTURE says so too): served as text with
    // nosniff and as a download, never rendered.
    ['bogus', 'text/plain'],
  ];
  const attachmentMail = (declared: string) =>
    Buffer.from(
      [
        'From: a@example.test',
        `To: ${user.email}`,
        `Subject: ${declared}`,
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary=B',
        '',
        '--B',
        'Content-Type: text/plain',
        '',
        'see attached',
        '--B',
        `Content-Type: ${declared}; name=pic.png`,
        'Content-Disposition: attachment; filename=pic.png',
        'Content-Transfer-Encoding: base64',
        '',
        'iVBORw0KGgo=',
        '--B--',
        '',
      ].join('\r\n'),
      'utf8',
    );

  it.each(declaredTypes)(
    'Security 5: downloads an attachment declared %s as %s',
    async (declared, served) => {
      const inbox = (await folderIds(client)).inbox!;
      const uid = uids.get(declared!);
      // Before: 500 for image/png日本 (a header value Node refuses), and the folder lock stayed taken.
      const res = await client.get(`/api/u/0/mailbox/${inbox}/messages/${uid}/attachments/2`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(served);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      // The folder lock was released: the next request on the folder is answered.
      expect((await client.get(`/api/u/0/mailbox/${inbox}/messages/${uid}`)).status).toBe(200);
    },
  );
});
