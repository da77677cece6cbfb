import { describe, expect, it } from 'vitest';
import { prng } from '@webmail/mailstack';
import { compileScript } from '../../src/features/filters/filters-compiler.js';
import { parseGmailFilters, type FolderResolver } from '../../src/features/filters/gmail-xml.js';
import { createSieveTester, mimeMessage } from '../support/sieve-test.testing.js';

/**
 * Gmail's `hasTheWord` is search syntax. A generated family of expressions (every operator, negations, phrases,
 * OR groups, parentheses, numeric and named character references) goes through the whole import (XML decoding,
 * the search bar's parser, the mapping). Each entry is either imported and then, compiled and run in Pigeonhole's
 * `sieve-test`, matches exactly the sample messages that the Gmail expression matches (the reference below is
 * built from the generated atoms, not from the import), or it is reported as skipped and nothing is imported.
 */

interface Message {
  from: string;
  to: string;
  cc: string;
  subject: string;
  listId: string | null;
  body: string;
  attachment: boolean;
}

/** An atom of the expression: its Gmail text, and what it means (null: we cannot say it). */
interface Atom {
  text: string;
  test: ((m: Message, size: number) => boolean) | null;
}

const words = ['alpha', 'beta', 'gamma', 'delta'];
const has = (hay: string | null, needle: string) => !!hay && hay.toLowerCase().includes(needle.toLowerCase());
const inBody = (term: string) => (m: Message) => has(m.body, term);

function supportedAtom(pick: <T>(list: readonly T[]) => T): Atom {
  const w = pick(words);
  const w2 = pick(words.filter((x) => x !== w));
  const options: Atom[] = [
    { text: w, test: inBody(w) },
    { text: `"${w} ${w2}"`, test: inBody(`${w} ${w2}`) },
    { text: `from:${pick(['alice', 'bob@b.test'])}`, test: null },
    { text: `to:${pick(['team', 'me@example.test'])}`, test: null },
    { text: `subject:${w}`, test: (m) => has(m.subject, w) },
    { text: `subject:"${w} ${w2}"`, test: (m) => has(m.subject, `${w} ${w2}`) },
    { text: `subject:(${w})`, test: (m) => has(m.subject, w) },
    { text: `subject:("${w2} ${w}")`, test: (m) => has(m.subject, `${w2} ${w}`) },
    {
      text: pick(['list:news.lists.test', 'list:(news.lists.test)']),
      test: (m) => has(m.listId, 'news.lists.test'),
    },
    { text: 'has:attachment', test: (m) => m.attachment },
    { text: 'larger:2K', test: (_m, size) => size >= 2048 },
    { text: `${w} OR ${w2}`, test: (m) => has(m.body, w) || has(m.body, w2) },
    { text: `(${w} OR "${w2} ${w}")`, test: (m) => has(m.body, w) || has(m.body, `${w2} ${w}`) },
    {
      text: `(${w} ${w2}) OR gamma`,
      test: (m) => (has(m.body, w) && has(m.body, w2)) || has(m.body, 'gamma'),
    },
  ];
  const atom = pick(options);
  if (atom.text.startsWith('from:')) atom.test = (m) => has(m.from, atom.text.slice(5));
  if (atom.text.startsWith('to:'))
    atom.test = (m) => has(m.to, atom.text.slice(3)) || has(m.cc, atom.text.slice(3));
  return atom;
}

/** Operators and forms whose meaning our filters cannot hold: each must make the entry unsupported. */
const unsupportedAtoms = [
  '-alpha',
  '-"alpha beta"',
  '-to:team',
  '-subject:"alpha beta"',
  'subject:(alpha beta)',
  'cc:team',
  'bcc:team',
  'replyto:alice',
  'deliveredto:me@example.test',
  'label:work',
  'category:social',
  'filename:pdf',
  'is:unread',
  'after:2020/01/01',
  'newer_than:2d',
  'in:inbox',
  '{alpha beta}',
  'list:{a.test b.test}',
  'from:alice OR subject:beta',
  'alpha AROUND 3 beta',
  '+alpha',
  'larger:1K smaller:9K',
];

/** The value as it may appear in an attribute: references of every kind, some characters as numbers. */
function xmlAttribute(value: string, rnd: () => number): string {
  return [...value]
    .map((c) => {
      const code = c.codePointAt(0)!;
      const numeric = rnd() < 0.5 ? `&#${code};` : `&#x${code.toString(16).toUpperCase()};`;
      if (c === '"') return rnd() < 0.3 ? '&quot;' : numeric;
      if (c === '&' || c === '<' || c === "'")
        return rnd() < 0.5 ? { '&': '&amp;', '<': '&lt;', "'": '&apos;' }[c] : numeric;
      return rnd() < 0.15 ? numeric : c;
    })
    .join('');
}

const feed = (values: string[], rnd: () => number) =>
  [
    "<?xml version='1.0' encoding='UTF-8'?><feed xmlns='http://www.w3.org/2005/Atom' xmlns:apps='http://schemas.google.com/apps/2006'>",
    ...values.map(
      (v) =>
        `<entry><category term='filter'></category><title>Mail Filter</title><content></content>` +
        `<apps:property name='hasTheWord' value='${xmlAttribute(v, rnd)}'/>` +
        `<apps:property name='label' value='Work'/></entry>`,
    ),
    '</feed>',
  ].join('\n');

const folders: FolderResolver = {
  idOfPath: (p) => (p === 'Work' ? 'f-work' : undefined),
  pathOfId: (id) => (id === 'f-work' ? 'Work' : undefined),
  archiveId: undefined,
  trashId: undefined,
};

function raw(m: Message, padding: number): string {
  const headers = [
    `From: ${m.from}`,
    `To: ${m.to}`,
    `Cc: ${m.cc}`,
    `Subject: ${m.subject}`,
    ...(m.listId ? [`List-Id: ${m.listId}`] : []),
    'MIME-Version: 1.0',
  ];
  return mimeMessage(headers, `${m.body}\r\n${'x'.repeat(padding)}`, m.attachment, 'text/plain');
}

function messages(rnd: () => number): Array<{ m: Message; raw: string; size: number }> {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const some = () => words.filter(() => rnd() < 0.5).sort(() => rnd() - 0.5);
  return Array.from({ length: 8 }, () => {
    const m: Message = {
      from: pick(['Alice <alice@a.test>', 'bob@b.test', 'carol@c.test']),
      to: pick(['team@corp.test', 'me@example.test', 'other@x.test']),
      cc: pick(['team@corp.test', 'nobody@x.test']),
      subject: some().join(' ') || 'hello',
      listId: rnd() < 0.5 ? 'News <news.lists.test>' : null,
      body: some().join(' '),
      attachment: rnd() < 0.3,
    };
    const text = raw(m, rnd() < 0.5 ? 3000 : 0);
    return { m, raw: text, size: Buffer.byteLength(text) };
  });
}

describe('Gmail hasTheWord import: exact or reported', () => {
  it('imports every supported expression with the meaning Gmail gives it (Pigeonhole decides)', async () => {
    const tester = createSieveTester(['Work']);
    let imported = 0;
    for (let seed = 1; seed <= 24; seed++) {
      const rnd = prng(seed);
      const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
      const atoms = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => supportedAtom(pick));
      const expression = atoms.map((a) => a.text).join(' ');
      const { filters, problems } = parseGmailFilters(feed([expression], rnd), folders);
      // Two different sizes or subjects cannot be one filter: then it must be reported instead.
      if (filters.length === 0) {
        expect(problems[0], expression).toMatchObject({ skipped: true });
        continue;
      }
      imported += 1;
      const { script } = compileScript({
        filters,
        folderPath: (id) => folders.pathOfId(id),
        junkPath: 'Junk',
        targets: [],
        spamLevel: 100,
        autoreply: null,
      });
      for (const { m, raw: text, size } of messages(rnd)) {
        const expected = atoms.every((a) => a.test!(m, size));
        const result = await tester.run(script, text, { from: 'x@x.test', to: 'me@example.test' });
        const moved = result.stored.some((s) => s.folder === 'Work');
        expect(moved, `${expression} on ${JSON.stringify(m)} (${size} bytes)`).toBe(expected);
      }
    }
    expect(imported).toBeGreaterThanOrEqual(16);
  });

  it('reports every expression holding an operator our filters cannot say, alone or among others', () => {
    const rnd = prng(99);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
    const expressions = unsupportedAtoms.flatMap((bad) => [
      bad,
      `${supportedAtom(pick).text} ${bad}`,
      `${bad} ${supportedAtom(pick).text}`,
      `(${bad} ${pick(words)})`,
      `${pick(words)} OR (${bad})`,
    ]);
    const { filters, problems } = parseGmailFilters(feed(expressions, rnd), folders);
    expect(filters).toEqual([]);
    expect(problems).toHaveLength(expressions.length);
    for (const problem of problems) {
      expect(problem.skipped, expressions[problem.entry - 1]).toBe(true);
      expect(problem.properties.join(' '), expressions[problem.entry - 1]).toMatch(/hasTheWord|size/);
    }
  });

  it('decodes numeric character references as the named ones', () => {
    const xml = feed(['"caf\u00e9 cr\u00e8me" subject:"a & b"'], () => 0.1);
    expect(xml).toMatch(/&#x?[0-9A-F]+;/);
    const { filters } = parseGmailFilters(xml, folders);
    expect(filters[0]!.query).toEqual({ text: '"café crème"', subject: 'a & b' });
  });
});
