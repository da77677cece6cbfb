import type { Autoreply } from '@webmail/contracts';
import { sieveList, sieveString } from './sieve-text.js';

/** The auto-reply block of the compiled script (`filters-compiler.ts`). */

const autoreplyIntervalSeconds = 4 * 3600;
const noReplySenders = ['no-reply', 'noreply', 'do-not-reply', 'donotreply', 'mailer-daemon', 'postmaster'];

/** Sieve `currentdate … "iso8601"` in UTC reads `2026-11-24T22:48:08Z`; keys in that form compare as text. */
function isoKey(value: string): string {
  return new Date(value).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * `can` says whether the server offers an optional extension: without `vacation-seconds` the reply goes at most
 * once a day per sender (`:days 1`, the least RFC 5230 allows); without `envelope` the automatic-sender checks
 * read headers only (Pigeonhole's vacation itself never answers an empty or MAILER-DAEMON sender).
 */
export function autoreply(reply: Autoreply, ext: Set<string>, can: (extension: string) => boolean): string[] {
  const seconds = can('vacation-seconds');
  const envelope = can('envelope');
  ext.add('vacation');
  if (seconds) ext.add('vacation-seconds');
  if (envelope) ext.add('envelope');
  const when: string[] = ['not string :is "${wm_isspam}" "1"'];
  if (reply.start || reply.end) ext.add('date').add('relational');
  if (reply.start) when.push(`currentdate :zone "+0000" :value "ge" "iso8601" "${isoKey(reply.start)}"`);
  if (reply.end) when.push(`currentdate :zone "+0000" :value "le" "iso8601" "${isoKey(reply.end)}"`);
  const automatic = [
    // `exists` with a list is true only when ALL the headers exist: one test per header.
    'exists "list-id"',
    'exists "list-unsubscribe"',
    'header :is "precedence" ["list", "junk", "bulk"]',
    'allof(exists "auto-submitted", not header :is "auto-submitted" "no")',
    ...(envelope
      ? ['envelope :all :is "from" ""', `envelope :localpart :contains "from" ${sieveList(noReplySenders)}`]
      : []),
  ];
  when.push(`not anyof(${automatic.join(',\n         ')})`);
  const subject = reply.subject.trim()
    ? sieveString(`Auto: ${reply.subject.trim()}`)
    : '"Auto: Re: ${wm_subject}"';
  return [
    'if header :matches "subject" "*" { set "wm_subject" "${1}"; }',
    `if allof(${when.join(',\n       ')}) {`,
    `  vacation ${seconds ? `:seconds ${autoreplyIntervalSeconds}` : ':days 1'} :subject ${subject} :mime ${sieveString(replyBody(reply))};`,
    '}',
  ];
}

/** The reply as MIME: plain text, with the HTML as an alternative when there is one. */
function replyBody(reply: Autoreply): string {
  const text = reply.text.replace(/\r?\n/g, '\r\n');
  if (!reply.html.trim()) {
    return `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${text}`;
  }
  const boundary = 'wm-autoreply-alternative';
  return [
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    text,
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    reply.html,
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
