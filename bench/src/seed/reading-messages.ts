/**
 * The three messages of the reading benchmark, built as raw RFC 5322 bytes the way real senders write
 * them: a ~10 KB personal reply (8bit UTF-8 plain text with a quoted part and a signature), a ~100 KB
 * HTML newsletter (multipart/alternative, quoted-printable, table layout, remote images, tracking links)
 * and a ~5 MB message with attachments (a short text + HTML body, a 2 MB PDF, a 1.5 MB JPEG and a
 * 150 KB .docx, base64). Deterministic apart from `tag`, which makes the Message-ID and subject of each
 * copy unique so that copies never join one conversation or match each other's subject search.
 */ import { createHash } from 'node:crypto';
import {
  base64Lines,
  commonHeaders,
  crlf,
  owner,
  paragraph,
  quotedPrintable,
  randomBytes,
} from './reading-mime.js';
import { newsletterMessage } from './reading-newsletter.js';
import { prng } from '@webmail/mailstack';

export type ReadingKind = 'text10k' | 'newsletter100k' | 'attachments5m';

export interface ReadingMessageSpec {
  kind: ReadingKind;
  label: string;
  /** The body parts the webmail reads to show the message (text and HTML, never attachments). */
  textParts: string[];
  /** The attachment the download row fetches, with its decoded size. */
  attachment?: { part: string; filename: string; size: number };
}

export const readingSpecs: ReadingMessageSpec[] = [
  { kind: 'text10k', label: '10 KB text', textParts: ['1'] },
  { kind: 'newsletter100k', label: '100 KB HTML newsletter', textParts: ['1', '2'] },
  {
    kind: 'attachments5m',
    label: '5 MB with attachments',
    textParts: ['1.1', '1.2'],
    attachment: { part: '2', filename: 'Q3-report.pdf', size: 2_000_000 },
  },
];

/** A reply with a quoted earlier message and a signature, ~10 KB, 8bit UTF-8. */
function textMessage(email: string, tag: string, date: Date): Buffer {
  const rnd = prng(10);
  const root = `<reading-root-${tag}@maasikas.example>`;
  const headers = commonHeaders({
    from: 'Mari Maasikas <mari@maasikas.example>',
    to: owner(email),
    subject: `Re: Eelarve 2027 kavand, versioon ${tag}`,
    date,
    messageId: `<reading-text-${tag}@maasikas.example>`,
    extra: [`In-Reply-To: ${root}`, `References: ${root}`],
  });
  headers.push('Content-Type: text/plain; charset=utf-8; format=flowed', 'Content-Transfer-Encoding: 8bit');
  const own: string[] = ['Tere!', ''];
  const bytes = (lines: string[]) => Buffer.byteLength(lines.join('\n'));
  while (bytes(own) < 5000) own.push(paragraph(rnd), '');
  const quoted: string[] = [];
  while (bytes(quoted) < 3000) quoted.push(paragraph(rnd), '');
  const body = [
    ...own,
    'Parimate soovidega',
    'Mari',
    '',
    `${date.toUTCString()}, Reading Bench <${email}> kirjutas:`,
    ...quoted
      .join('\n')
      .split('\n')
      .map((l) => (l ? `> ${l}` : '>')),
    '',
    '-- ',
    'Mari Maasikas | Projektijuht | Maasikas OÜ',
    'Tel +372 5555 0101 | Pärnu mnt 10, Tallinn',
  ].join('\n');
  return Buffer.from(`${[...headers, ''].join('\r\n')}\r\n${crlf(body)}\r\n`);
}

/** A short text + HTML body and three binary attachments, ~5 MB. */
function attachmentsMessage(email: string, tag: string, date: Date): Buffer {
  const rnd = prng(5000);
  const mixed = `mixed-${tag}-${createHash('md5').update(tag).digest('hex').slice(0, 10)}`;
  const alt = `alt-${tag}-${createHash('md5').update(`a${tag}`).digest('hex').slice(0, 10)}`;
  const paras = [paragraph(rnd), paragraph(rnd), paragraph(rnd)];
  const text = `Hi,\n\n${paras.join('\n\n')}\n\nThe report, a photo from the site and the minutes are attached.\n\nTom\n`;
  const html = `<html><body><p>Hi,</p>${paras.map((p) => `<p>${p}</p>`).join('')}<p>The report, a photo from the site and the minutes are attached.</p><p>Tom</p></body></html>`;
  const pdf = randomBytes(`pdf${tag}`, 2_000_000);
  Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1').copy(pdf);
  const jpeg = randomBytes(`jpg${tag}`, 1_500_000);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]).copy(jpeg);
  const docx = randomBytes(`docx${tag}`, 150_000);
  Buffer.from('PK\x03\x04', 'latin1').copy(docx);
  const file = (type: string, name: string, data: Buffer) => [
    `--${mixed}`,
    `Content-Type: ${type}; name="${name}"`,
    `Content-Disposition: attachment; filename="${name}"`,
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(data),
  ];
  const headers = commonHeaders({
    from: 'Tom Becker <tom.becker@acme.example>',
    to: owner(email),
    subject: `Q3 report and site photos, batch ${tag}`,
    date,
    messageId: `<reading-files-${tag}@acme.example>`,
  });
  headers.push(`Content-Type: multipart/mixed; boundary="${mixed}"`);
  const raw = [
    ...headers,
    '',
    `--${mixed}`,
    `Content-Type: multipart/alternative; boundary="${alt}"`,
    '',
    `--${alt}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    quotedPrintable(text),
    `--${alt}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    quotedPrintable(html),
    `--${alt}--`,
    '',
    ...file('application/pdf', 'Q3-report.pdf', pdf),
    ...file('image/jpeg', 'site-photo.jpg', jpeg),
    ...file('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'minutes.docx', docx),
    `--${mixed}--`,
    '',
  ];
  return Buffer.from(raw.join('\r\n'));
}

/** One copy of a reading message for `email`; `tag` (a few digits) makes it unique. */
export function readingMessage(kind: ReadingKind, email: string, tag: string, date = new Date()): Buffer {
  switch (kind) {
    case 'text10k':
      return textMessage(email, tag, date);
    case 'newsletter100k':
      return newsletterMessage(email, tag, date);
    case 'attachments5m':
      return attachmentsMessage(email, tag, date);
  }
}
