/** Building blocks of the reading benchmark's raw messages: words, encodings, the usual headers. */
import { createCipheriv, createHash } from 'node:crypto';

export const owner = (email: string) => `Reading Bench <${email}>`;

const vocabulary = (
  'the project team meeting report server release plan budget next week please review thanks for ' +
  'the update we should agree on the timeline before the steering group and send the numbers ' +
  'koosolek aruanne eelarve nädal palun vaata üle projekt meeskond tähtaeg kokkulepe ' +
  'kokous raportti budjetti viikko ole hyvä tarkista projekti tiimi aikataulu päätös ' +
  'встреча отчёт бюджет неделя пожалуйста проверьте проект команда срок решение'
).split(' ');

// A newsletter is written in one or two languages; the Latin-script words keep its quoted-printable as
// compact as a real Estonian/English one.
export const newsletterVocabulary = vocabulary.slice(0, vocabulary.indexOf('kokous'));

export function sentence(rnd: () => number, words: number, from = vocabulary): string {
  const list = Array.from({ length: words }, () => from[Math.floor(rnd() * from.length)]!);
  const first = list[0]!;
  list[0] = first.charAt(0).toUpperCase() + first.slice(1);
  return `${list.join(' ')}.`;
}

export function paragraph(rnd: () => number, from = vocabulary): string {
  return Array.from({ length: 3 + Math.floor(rnd() * 4) }, () =>
    sentence(rnd, 8 + Math.floor(rnd() * 12), from),
  )
    .join(' ')
    .replace(/(.{1,72})(\s|$)/g, '$1\n')
    .trim();
}

/** Incompressible, deterministic bytes (AES-CTR keystream): attachments look like real PDFs and JPEGs. */
export function randomBytes(seed: string, size: number): Buffer {
  const key = createHash('sha256').update(seed).digest();
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  return cipher.update(Buffer.alloc(size));
}

export function base64Lines(data: Buffer): string {
  return (data.toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');
}

/** Quoted-printable (RFC 2045 §6.7) of UTF-8 text, soft line breaks at 76 columns. */
export function quotedPrintable(text: string): string {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    let encoded = '';
    for (const byte of Buffer.from(line, 'utf8')) {
      const safe = (byte >= 33 && byte <= 126 && byte !== 61) || byte === 32;
      encoded += safe ? String.fromCharCode(byte) : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    }
    encoded = encoded.replace(/ $/, '=20');
    while (encoded.length > 76) {
      // Never split an =XX escape.
      let cut = 75;
      const escape = encoded.lastIndexOf('=', cut - 1);
      if (escape > cut - 3) cut = escape;
      out.push(`${encoded.slice(0, cut)}=`);
      encoded = encoded.slice(cut);
    }
    out.push(encoded);
  }
  return out.join('\r\n');
}

export function crlf(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}

export function commonHeaders(opts: {
  from: string;
  to: string;
  subject: string;
  date: Date;
  messageId: string;
  extra?: string[];
}): string[] {
  const domain = opts.from.replace(/.*@|>$/g, '');
  const dkim = createHash('sha256').update(opts.messageId).digest('base64');
  return [
    `Return-Path: <${opts.from.replace(/.*<|>$/g, '')}>`,
    `Received: from mail.${domain} (mail.${domain} [192.0.2.25])\r\n\tby mx.example.test with ESMTPS id 4Xk2 for <${opts.to.replace(/.*<|>$/g, '')}>;\r\n\t${opts.date.toUTCString()}`,
    `DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=${domain}; s=s2026;\r\n\th=from:to:subject:date:message-id:mime-version:content-type;\r\n\tbh=${dkim};\r\n\tb=${dkim}${dkim}${dkim}`,
    `From: ${opts.from}`,
    `To: ${opts.to}`,
    `Subject: ${opts.subject}`,
    `Date: ${opts.date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: ${opts.messageId}`,
    ...(opts.extra ?? []),
    'MIME-Version: 1.0',
  ];
}
