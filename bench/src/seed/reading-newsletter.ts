/**
 * The reading benchmark's newsletter: what a mailing service sends, a 640 px table layout with a
 * <style> block and inline styles on every element, remote images, a tracking pixel and tracking links.
 */
import { createHash } from 'node:crypto';
import {
  commonHeaders,
  newsletterVocabulary,
  owner,
  paragraph,
  quotedPrintable,
  sentence,
} from './reading-mime.js';
import { prng } from '@webmail/mailstack';

const css = `body{margin:0;padding:0;background:#f3f4f6;font-family:Helvetica,Arial,sans-serif}
table{border-collapse:collapse}td{padding:0}img{border:0;display:block;max-width:100%}
.wrapper{width:100%;background:#f3f4f6}.container{width:640px;margin:0 auto;background:#ffffff}
.header{padding:24px 32px;background:#0b3d91;color:#ffffff}.header h1{margin:0;font-size:26px}
.article{padding:20px 32px;border-bottom:1px solid #e5e7eb}.article h2{margin:0 0 8px;font-size:20px;color:#111827}
.article p{margin:0 0 12px;font-size:15px;line-height:22px;color:#374151}
.button{display:inline-block;padding:10px 18px;background:#0b3d91;color:#ffffff;text-decoration:none;border-radius:4px}
.footer{padding:24px 32px;font-size:12px;line-height:18px;color:#6b7280}
@media only screen and (max-width:640px){.container{width:100%!important}.article{padding:16px!important}}`;

/** The articles, as table rows of the HTML and as a digest for the text alternative. */
function articles(tag: string, rnd: () => number) {
  const track = (i: number, what: string) =>
    `https://click.baltic-dev.example/ls/click?upn=${createHash('sha1').update(`${tag}${i}${what}`).digest('hex')}&amp;utm_source=newsletter&amp;utm_medium=email&amp;utm_campaign=issue-${tag}`;
  const rows: string[] = [];
  const digest: string[] = [];
  // Articles until both alternatives, quoted-printable encoded, come to ~95 KB (~85 KB of it HTML).
  const encodedSize = () => quotedPrintable(rows.join('')).length + quotedPrintable(digest.join('\n')).length;
  for (let i = 0; encodedSize() < 93_000; i += 1) {
    const title = sentence(rnd, 6, newsletterVocabulary).slice(0, -1);
    const paras = [paragraph(rnd, newsletterVocabulary), paragraph(rnd, newsletterVocabulary)];
    rows.push(
      `<tr><td class="article" style="padding:20px 32px;border-bottom:1px solid #e5e7eb">` +
        `<a href="${track(i, 'img')}"><img src="https://cdn.baltic-dev.example/images/2026/issue-${tag}/story-${i}.jpg" width="576" height="288" alt="${title}" style="display:block;width:100%;height:auto"></a>\n` +
        `<h2 style="margin:16px 0 8px;font-size:20px;color:#111827"><a href="${track(i, 'title')}" style="color:#111827;text-decoration:none">${title}</a></h2>\n` +
        paras
          .map((p) => `<p style="margin:0 0 12px;font-size:15px;line-height:22px;color:#374151">${p}</p>\n`)
          .join('') +
        `<a class="button" href="${track(i, 'more')}" style="display:inline-block;padding:10px 18px;background:#0b3d91;color:#ffffff;text-decoration:none;border-radius:4px">Loe edasi &rarr;</a>` +
        `</td></tr>\n`,
    );
    digest.push(
      `${title}\n${paras[0]!.slice(0, 160)}…\nLoe edasi: ${track(i, 'more').replace(/&amp;/g, '&')}\n`,
    );
  }
  return { rows: rows.join(''), digest: digest.join('\n') };
}

function page(tag: string, rows: string): string {
  return `<!DOCTYPE html>
<html lang="et"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Baltic Dev Digest #${tag}</title><style type="text/css">${css}</style></head>
<body style="margin:0;padding:0;background:#f3f4f6">
<img src="https://click.baltic-dev.example/open/${tag}.gif" width="1" height="1" alt="">
<table class="wrapper" role="presentation" width="100%"><tr><td align="center">
<table class="container" role="presentation" width="640">
<tr><td class="header" style="padding:24px 32px;background:#0b3d91;color:#ffffff"><h1 style="margin:0;font-size:26px">Baltic Dev Digest #${tag}</h1></td></tr>
${rows}<tr><td class="footer" style="padding:24px 32px;font-size:12px;color:#6b7280">
Saad seda kirja, sest tellisid Baltic Dev Digesti. <a href="https://baltic-dev.example/unsubscribe?u=${tag}">Loobu tellimusest</a>.
</td></tr></table></td></tr></table></body></html>`;
}

/** A table-layout newsletter with remote images and tracking links, ~100 KB in all (QP-encoded). */
export function newsletterMessage(email: string, tag: string, date: Date): Buffer {
  const rnd = prng(100);
  const { rows, digest } = articles(tag, rnd);
  const boundary = `----=_Part_${tag}_${createHash('md5').update(tag).digest('hex').slice(0, 12)}`;
  const headers = commonHeaders({
    from: 'Baltic Dev Digest <digest@baltic-dev.example>',
    to: owner(email),
    subject: `Baltic Dev Digest #${tag}: ${sentence(rnd, 5, newsletterVocabulary).slice(0, -1)}`,
    date,
    messageId: `<reading-news-${tag}@baltic-dev.example>`,
    extra: [
      'List-Id: <digest.baltic-dev.example>',
      `List-Unsubscribe: <https://baltic-dev.example/unsubscribe?u=${tag}>`,
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      'Precedence: bulk',
    ],
  });
  headers.push(`Content-Type: multipart/alternative; boundary="${boundary}"`);
  const alternative = (type: string, body: string) => [
    `--${boundary}`,
    `Content-Type: ${type}; charset=utf-8`,
    'Content-Transfer-Encoding: quoted-printable',
    '',
    quotedPrintable(body),
  ];
  const raw = [
    ...headers,
    '',
    ...alternative('text/plain', digest),
    ...alternative('text/html', page(tag, rows)),
    `--${boundary}--`,
    '',
  ];
  return Buffer.from(raw.join('\r\n'));
}
