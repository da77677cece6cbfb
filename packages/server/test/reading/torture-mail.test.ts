import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageDetail, ThreadResponse } from '@webmail/contracts';
import type { TestClient } from '../support/http-client.testing.js';
import { composeRaw } from '../support/mail-fixtures.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';
import { deliver, folderIds } from '../support/reading.testing.js';

const tortureDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../mailstack/fixtures/torture',
);
const files = readdirSync(tortureDir)
  .filter((f) => f.endsWith('.eml'))
  .sort();

/** What each torture message must read back as (subject, sender name, a piece of the text). */
const expected: Record<string, { subject?: string; from?: string | null; text?: string; html?: string }> = {
  'charset-windows-1251.eml': { subject: 'Привет из Windows-1251', text: 'Привет, мир!' },
  'charset-koi8-r.eml': { subject: 'Письмо в KOI8-R', from: 'Иван Петров', text: 'Здравствуйте!' },
  'charset-iso-8859-15.eml': { subject: 'Hinnad € ja šokolaad', text: 'Hind: 5 €, šokolaad ja žurnaal.' },
  'charset-utf7-headers.eml': { subject: 'Hello "UTF-7" héader', from: 'Jürgen Müller' },
  'charset-missing-8bit.eml': { text: 'Café crème, naïve — latin-1' },
  'charset-wrong-declared.eml': { text: 'Järvenpää öö üõ' },
  'charset-unknown.eml': { text: 'Plain ASCII text' },
  'charset-empty-param.eml': { html: '<b>empty</b>' },
  'headers-missing-from.eml': { subject: 'No From header', from: null },
  'headers-missing-date.eml': { subject: 'No Date header' },
  'mime-boundary-never-used.eml': { text: 'Preamble only' },
  'mime-missing-boundary-param.eml': { text: 'has no boundary' },
  'mime-unclosed-boundary.eml': { text: 'Text before a boundary' },
  'mime-broken-base64.eml': { text: 'This is broken base64' },
  'mime-garbage-headers.eml': { text: 'Body after garbage headers.' },
  'mime-no-content-type.eml': { subject: 'No MIME headers at all', text: 'Just a body' },
  'nested-40-levels.eml': { subject: 'Nested 40 levels', text: 'Deep body at level 40.' },
};

const nonAsciiNames = [
  'Kvartaliaruanne – ülevaade.pdf',
  'Отчёт за квартал.txt',
  '报告书.docx',
  '📎 notes ä.txt',
  'Résumé.pdf',
];

/** Malformed MIME, wrong charsets, odd names and sizes all open (never a 500). */
describe('MIME torture messages', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;
  let base: string;
  const uidOf = (name: string) => files.indexOf(name) + 1;
  const open = async (uid: number) => {
    const res = await client.get<MessageDetail>(`${base}/${uid}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    server = await startServer('sqlite');
    const user = await newMailUser('torture');
    const huge = await composeRaw({
      from: 'Big Sender <big@example.com>',
      to: user.email,
      subject: 'A 25 MB message',
      text: 'The attachment is large.',
      attachments: [{ filename: 'big.bin', content: randomBytes(25 * 1024 * 1024) }],
    });
    // A fresh mailbox numbers messages in delivery order: the fixtures first, then the big one.
    await deliver(user.email, [...files.map((f) => readFileSync(path.join(tortureDir, f))), huge]);
    client = server.client();
    await client.signIn(user.email, user.password);
    base = `/api/u/0/mailbox/${(await folderIds(client)).inbox}/messages`;
  }, 180_000);
  afterAll(() => server.close());

  it.each(files)('%s opens with something sensible', async (name) => {
    const msg = await open(uidOf(name));
    const want = expected[name] ?? {};
    if (want.subject !== undefined) expect(msg.subject).toBe(want.subject);
    if (want.from !== undefined) expect(msg.from?.name ?? null).toBe(want.from);
    if (want.text) expect(msg.text).toContain(want.text);
    if (want.html) expect(msg.html).toContain(want.html);
    expect(Number.isNaN(Date.parse(msg.date))).toBe(false);
    expect(`${msg.html ?? ''}${msg.text ?? ''}`.trim().length + msg.attachments.length).toBeGreaterThan(0);
  });

  it('round-trips non-ASCII attachment names (RFC 2047, RFC 2231) through the download', async () => {
    const uid = uidOf('names-rfc2231-rfc2047.eml');
    const msg = await open(uid);
    expect(msg.attachments.map((a) => a.filename)).toEqual(nonAsciiNames);
    for (const attachment of msg.attachments) {
      const res = await client.get(`${base}/${uid}/attachments/${attachment.id}`);
      expect(res.status).toBe(200);
      const disposition = res.headers.get('content-disposition') ?? '';
      expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''/);
      expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1]!)).toBe(attachment.filename);
    }
    const zip = unzipSync(new Uint8Array((await client.get(`${base}/${uid}/attachments.zip`)).raw));
    expect(Object.keys(zip)).toEqual(nonAsciiNames);
  });

  it('lists and zips 200 attachments', async () => {
    const uid = uidOf('attachments-200.eml');
    const msg = await open(uid);
    expect(msg.attachments.filter((a) => !a.related)).toHaveLength(200);
    const zip = unzipSync(new Uint8Array((await client.get(`${base}/${uid}/attachments.zip`)).raw));
    const names = Object.keys(zip);
    expect(names).toHaveLength(200);
    expect(names.filter((n) => n.startsWith('same-name'))).toEqual([
      'same-name.txt',
      'same-name (2).txt',
      'same-name (3).txt',
      'same-name (4).txt',
    ]);
    expect(Buffer.from(zip['file-001.txt']!).toString()).toBe('attachment number 1\n');
  });

  it('opens a 25 MB message without reading the attachment, and streams its source', async () => {
    const uid = files.length + 1;
    const msg = await open(uid);
    expect(msg.text).toContain('The attachment is large.');
    expect(msg.attachments[0]).toMatchObject({ filename: 'big.bin' });
    expect(msg.attachments[0]!.size).toBeGreaterThan(25 * 1024 * 1024 - 1024);
    const source = await client.get(`${base}/${uid}/source?download=1`);
    expect(source.status).toBe(200);
    expect(source.raw.length).toBeGreaterThan(25 * 1024 * 1024);
  });

  it('shows a conversation and source for a message nested too deep for the IMAP parser', async () => {
    const uid = uidOf('nested-40-levels.eml');
    const msg = await open(uid);
    const thread = await client.get<ThreadResponse>(
      `${base.replace(/messages$/, 'threads')}/${msg.thread}?messageId=${uid}`,
    );
    expect(thread.status).toBe(200);
    expect(thread.body.messages.map((m) => m.subject)).toEqual(['Nested 40 levels']);
    expect((await client.get<string>(`${base}/${uid}/source`)).body).toContain('Deep body at level 40.');
  });
});
