import { describe, expect, it } from 'vitest';
import { parseEnvelope } from 'imapflow/lib/tools.js';
import { envelopeOf } from './imap-envelope.js';
import { parseFetch } from './raw-reply-parser.js';
import type { Token } from './raw-reply-reader.js';

/**
 * The ENVELOPE of `* 1 FETCH (ENVELOPE …)` as our reader tokenizes it: each `{#}` is the next literal's `{size}`,
 * its bytes given apart, as ImapStream does.
 */
function envelope(text: string, literals: string[] = []): Token[] {
  let next = 0;
  const wire = text.replace(/\{#\}/g, () => `{${Buffer.byteLength(literals[next++]!)}}\r\n`);
  const payload = Buffer.from(`* 1 FETCH (ENVELOPE ${wire})`, 'utf8');
  const { items } = parseFetch(
    payload,
    literals.map((l) => Buffer.from(l, 'utf8')),
  );
  return items.get('ENVELOPE') as Token[];
}

const addr = (name: string, mailbox: string, host: string) => `(${name} NIL ${mailbox} ${host})`;

const cases: Array<[string, string, string[]?]> = [
  [
    'plain text, every address list',
    `("Mon, 2 Mar 2026 10:00:00 +0200" "Weekly report" (${addr('"Ann Example"', '"ann"', '"example.test"')}) ` +
      `(${addr('NIL', '"ann"', '"example.test"')}) (${addr('"Reply"', '"r"', '"example.test"')}) ` +
      `(${addr('NIL', '"bob"', '"example.test"')}${addr('"Cecilia"', '"c"', '"example.test"')}) ` +
      `(${addr('"Dan"', '"d"', '"example.test"')}) (${addr('NIL', '"e"', '"example.test"')}) ` +
      `"<parent@t>" " <id@t> ")`,
  ],
  [
    'encoded words (imapflow decodes them)',
    `("Tue, 3 Mar 2026 08:00:00 +0000" "=?UTF-8?B?0J/RgNC40LLQtdGC?=" (${addr('"=?utf-8?q?J=C3=A4rvinen?="', '"j"', '"example.test"')}) NIL NIL NIL NIL NIL NIL "<x@t>")`,
  ],
  [
    'an encoded word only in an address name',
    `("Tue, 3 Mar 2026 08:00:00 +0000" "Plain" (${addr('"=?iso-8859-1?q?M=FCller?="', '"m"', '"example.test"')}) NIL NIL NIL NIL NIL NIL NIL)`,
  ],
  [
    'UTF-8 text, a quoted name in quotes, an escaped quote',
    `("Wed, 4 Mar 2026 08:00:00 +0000" "Привет, Äiti \\"quoted\\"" (${addr('"\\"Quoted Name\\""', '"q"', '"example.test"')}) NIL NIL NIL NIL NIL NIL NIL)`,
  ],
  [
    'a group (NIL host), an empty group end, a NIL entry',
    `(NIL "Group" (("undisclosed" NIL "undisclosed-recipients" NIL)(NIL NIL NIL NIL)) NIL NIL ` +
      `(NIL ${addr('NIL', '"x"', '"example.test"')}(NIL NIL "team" NIL)) NIL NIL NIL NIL)`,
  ],
  ['an unreadable date, empty strings', `("not a date" "" NIL NIL NIL NIL NIL NIL "" "")`],
  ['everything NIL', `(NIL NIL NIL NIL NIL NIL NIL NIL NIL NIL)`],
  [
    'literals, an empty one',
    `({#} {#} (${addr('{#}', '"l"', '"example.test"')}) NIL NIL NIL NIL NIL {#} NIL)`,
    ['bad', 'Subject literal é', 'Lit!', ''],
  ],
  [
    'adjacent encoded words (joined), a plain name beside an encoded one',
    `(NIL "=?UTF-8?B?SMOkbGxv?= =?UTF-8?B?IG1hYWlsbWE=?= and plain" (${addr('"Plain Name"', '"a"', '"example.test"')}${addr('"=?utf-8?Q?=C3=85sa?="', '"b"', '"example.test"')}) NIL NIL NIL NIL NIL NIL NIL)`,
  ],
  ['an encoded word in a literal', `(NIL {#} NIL NIL NIL NIL NIL NIL NIL NIL)`, ['=?UTF-8?Q?Caf=C3=A9?=']],
];

describe('envelopeOf', () => {
  it.each(cases)('%s: the same as imapflow’s parseEnvelope', (_name, text, literals) => {
    const tokens = envelope(text, literals);
    expect(envelopeOf(tokens)).toEqual(parseEnvelope(tokens as never));
  });

  it('reads plain text as it is and decodes encoded words as imapflow does', () => {
    const plain = envelopeOf(envelope(cases[0]![1]));
    expect(plain.subject).toBe('Weekly report');
    expect(plain.from).toEqual([{ name: 'Ann Example', address: 'ann@example.test' }]);
    expect(plain.messageId).toBe('<id@t>');
    expect(plain.date).toEqual(new Date('2026-03-02T08:00:00Z'));
    const encoded = envelopeOf(envelope(cases[1]![1]));
    expect(encoded.subject).toBe('Привет');
    expect(encoded.from).toEqual([{ name: 'Järvinen', address: 'j@example.test' }]);
  });
});
