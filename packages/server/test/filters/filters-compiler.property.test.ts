import { describe, expect, it } from 'vitest';
import { prng } from '@webmail/mailstack';
import type { Autoreply, FilterAction, FilterQuery } from '@webmail/contracts';
import { compileScript, type CompiledFilter } from '../../src/features/filters/filters-compiler.js';
import { fuzzRuns, fuzzSeed, fuzzTimeout, reportFuzz } from '../../src/fuzz.testing.js';
import { createSieveTester, mimeMessage, type SieveTestResult } from '../support/sieve-test.testing.js';

/**
 * Property: for random filter sets and random messages, what the compiled script does in the real Pigeonhole
 * interpreter (`sieve-test`) equals what `docs/filters.md` says, computed by the small reference evaluator below —
 * written from the document, not from the compiler.
 */

interface TestMessage {
  from: string;
  to: string;
  cc: string | null;
  subject: string;
  listId: string | null;
  body: string;
  attachment: boolean;
  /** X-Spam-Score out of 10; null: no header (not tested). */
  spamScore: number | null;
  precedence: string | null;
  autoSubmitted: string | null;
  envelopeFrom: string;
}

const folders = { f1: 'Work', f2: 'Lists/News', f3: 'Gone' } as const;
const existing = ['Work', 'Lists/News', 'Junk'];
const words = ['alpha', 'beta', 'gamma', 'delta', 'Omega'];
const senders = ['Alice <alice@a.test>', 'bob@b.test', 'News <news@list.test>', 'no-reply@shop.test'];

function raw(m: TestMessage): string {
  const headers = [
    `From: ${m.from}`,
    `To: ${m.to}`,
    ...(m.cc ? [`Cc: ${m.cc}`] : []),
    `Subject: ${m.subject}`,
    ...(m.listId ? [`List-Id: ${m.listId}`] : []),
    ...(m.spamScore !== null ? [`X-Spam-Score: ${m.spamScore}`] : []),
    ...(m.precedence ? [`Precedence: ${m.precedence}`] : []),
    ...(m.autoSubmitted ? [`Auto-Submitted: ${m.autoSubmitted}`] : []),
    'MIME-Version: 1.0',
  ];
  return mimeMessage(headers, m.body, m.attachment);
}

// ---- the reference evaluator, from docs/filters.md ----

const has = (haystack: string | null, needle: string) =>
  !!haystack && haystack.toLowerCase().includes(needle.toLowerCase());

function textMatches(body: string, text: string): boolean {
  // Words (spaces/commas) are ANDed, an uppercase OR separates alternatives, "…" is a phrase.
  const alternatives = text
    .split(/\s+OR\s+/)
    .map((alt) => [...alt.matchAll(/"([^"]*)"|([^\s,"]+)/g)].map((m) => (m[1] ?? m[2])!).filter(Boolean));
  return alternatives.filter((a) => a.length > 0).some((terms) => terms.every((t) => has(body, t)));
}

function matches(q: FilterQuery, m: TestMessage, size: number): boolean {
  if (q.from && !has(m.from, q.from)) return false;
  if (q.to && !has(m.to, q.to) && !has(m.cc, q.to)) return false;
  if (q.subject && !has(m.subject, q.subject)) return false;
  if (q.listId) {
    const inner = /<([^>]*)>/.exec(q.listId)?.[1] ?? q.listId;
    if (!has(m.listId, inner)) return false;
  }
  if (q.text && !textMatches(m.body, q.text)) return false;
  if (q.ha && !m.attachment) return false;
  if (q.size && q.size > 0 && !(size >= q.size)) return false;
  if (q.size && q.size < 0 && !(size <= -q.size)) return false;
  return true;
}

function expected(
  filters: CompiledFilter[],
  m: TestMessage,
  size: number,
  spamLevel: number,
  targets: string[],
  autoreply: boolean,
): SieveTestResult {
  const set: Partial<Record<'seen' | 'flag' | 'delete' | 'spam' | 'mailbox', string>> = {};
  const forwards: string[] = [];
  for (const f of filters) {
    if (!matches(f.query, m, size)) continue;
    const a = f.action;
    if (a.seen) set.seen ??= '1';
    if (a.flag) set.flag ??= '1';
    if (a.delete) set.delete ??= '1';
    if (a.spam && a.spam !== 'nothing') set.spam ??= a.spam;
    if (a.mailbox) set.mailbox ??= a.mailbox;
    forwards.push(...(a.targets ?? []));
  }
  const percent = m.spamScore === null ? 0 : m.spamScore * 10;
  const spam =
    set.spam === 'spam' ||
    (set.spam !== 'notspam' && spamLevel < 100 && (spamLevel <= 0 || percent >= spamLevel));
  const redirects = spam ? [] : [...forwards, ...(set.delete ? [] : targets)];
  const automatic =
    !!m.listId ||
    ['list', 'junk', 'bulk'].includes(m.precedence ?? '') ||
    (m.autoSubmitted !== null && m.autoSubmitted !== 'no') ||
    /no-?reply/.test(m.envelopeFrom);
  let folder = 'INBOX';
  if (spam) folder = 'Junk';
  else if (set.mailbox) {
    const path = folders[set.mailbox as keyof typeof folders];
    folder = path && existing.includes(path) ? path : 'INBOX';
  }
  const flags = [...(set.seen ? ['\\seen'] : []), ...(set.flag ? ['\\flagged'] : [])].sort();
  return {
    stored: set.delete ? [] : [{ folder, flags }],
    redirects: [...new Set(redirects)].sort(),
    vacation: autoreply && !spam && !automatic,
    discarded: !!set.delete,
  };
}

// ---- random inputs ----

function generators(seed: number) {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const chance = (p: number) => rnd() < p;
  const phrase = (n: number) => Array.from({ length: n }, () => pick(words)).join(' ');
  const textQuery = () => {
    const term = () => (chance(0.2) ? `"${phrase(2)}"` : pick(words));
    const alt = () => Array.from({ length: 1 + Math.floor(rnd() * 2) }, term).join(chance(0.5) ? ' ' : ', ');
    return chance(0.3) ? `${alt()} OR ${alt()}` : alt();
  };
  const query = (): FilterQuery => {
    const q: FilterQuery = {};
    if (chance(0.3)) q.from = pick(['alice', 'BOB', 'list.test', 'news']);
    if (chance(0.2)) q.to = pick(['me@', 'other', 'cc-person']);
    if (chance(0.3)) q.subject = pick(words).toLowerCase();
    if (chance(0.15)) q.listId = pick(['<news.list.test>', 'news.list', 'other.list']);
    if (chance(0.3)) q.text = textQuery();
    if (chance(0.15)) q.ha = true;
    if (chance(0.2)) q.size = (chance(0.5) ? 1 : -1) * (250 + Math.floor(rnd() * 400));
    if (Object.keys(q).length === 0) q.subject = pick(words).toLowerCase();
    return q;
  };
  const action = (): FilterAction => {
    const a: FilterAction = {};
    if (chance(0.3)) a.seen = true;
    if (chance(0.3)) a.flag = true;
    if (chance(0.15)) a.delete = true;
    if (chance(0.3)) a.spam = pick(['spam', 'notspam', 'nothing'] as const);
    if (chance(0.4)) a.mailbox = pick(['f1', 'f2', 'f3']);
    if (chance(0.25)) a.targets = [pick(['fw1@sink.test', 'fw2@sink.test'])];
    return a;
  };
  const message = (): TestMessage => ({
    from: pick(senders),
    to: 'Me <me@example.test>',
    cc: chance(0.3) ? 'cc-person@c.test' : null,
    subject: `${phrase(2)} ${pick(['report', 'hello'])}`,
    listId: chance(0.2) ? 'News <news.list.test>' : null,
    body: Array.from({ length: 3 + Math.floor(rnd() * 60) }, () => pick(words)).join(
      chance(0.5) ? ' ' : '\r\n',
    ),
    attachment: chance(0.3),
    spamScore: chance(0.7) ? Math.floor(rnd() * 11) : null,
    precedence: chance(0.1) ? 'bulk' : null,
    autoSubmitted: chance(0.1) ? pick(['auto-replied', 'no']) : null,
    envelopeFrom: chance(0.1) ? 'no-reply@shop.test' : 'sender@a.test',
  });
  return { rnd, pick, chance, query, action, message };
}

const autoreply: Autoreply = {
  status: true,
  name: '',
  subject: '',
  text: 'Away',
  html: '',
  start: '2020-01-01T00:00:00Z',
  end: null,
};

describe('the compiled script in Pigeonhole equals the reference evaluator (docs/filters.md)', () => {
  // FUZZ_SEED picks the sets, FUZZ_RUNS multiplies their number (the long run: npm run bench:fuzz).
  const rounds = fuzzRuns(150);
  it(
    `agrees on ${rounds} random filter sets and messages`,
    async () => {
      const tester = createSieveTester(existing);
      const g = generators(fuzzSeed);
      for (let round = 0; round < rounds; round += 1) {
        const filters = Array.from({ length: 1 + Math.floor(g.rnd() * 5) }, () => ({
          query: g.query(),
          action: g.action(),
        }));
        const spamLevel = g.pick([0, 30, 50, 70, 100]);
        const targets = g.chance(0.3) ? ['all@sink.test'] : [];
        const withReply = g.chance(0.3);
        const m = g.message();
        const message = raw(m);
        const { script } = compileScript({
          filters,
          folderPath: (id) => {
            const path = folders[id as keyof typeof folders];
            return path === 'Gone' ? undefined : path;
          },
          junkPath: 'Junk',
          targets,
          spamLevel,
          autoreply: withReply ? autoreply : null,
        });
        const actual = await tester.run(script, message, { from: m.envelopeFrom, to: 'me@example.test' });
        const want = expected(filters, m, Buffer.byteLength(message), spamLevel, targets, withReply);
        expect({ round, filters, spamLevel, targets, m, result: actual }).toEqual({
          round,
          filters,
          spamLevel,
          targets,
          m,
          result: want,
        });
      }
      reportFuzz('sieve: compiled script in Pigeonhole = reference', rounds);
    },
    fuzzTimeout(120_000),
  );

  it('keeps inclusive size bounds at exactly N−1, N and N+1 bytes', async () => {
    const tester = createSieveTester(existing);
    const message = raw(generators(1).message());
    const n = Buffer.byteLength(message);
    const cases: Array<[number, boolean]> = [
      [n - 1, true],
      [n, true],
      [n + 1, false],
      [-(n - 1), false],
      [-n, true],
      [-(n + 1), true],
    ];
    for (const [size, hit] of cases) {
      const { script } = compileScript({
        filters: [{ query: { size }, action: { flag: true } }],
        folderPath: () => undefined,
        junkPath: 'Junk',
        targets: [],
        spamLevel: 100,
        autoreply: null,
      });
      const result = await tester.run(script, message, { from: 'a@a.test', to: 'me@example.test' });
      expect({ size, flags: result.stored[0]?.flags }).toEqual({ size, flags: hit ? ['\\flagged'] : [] });
    }
  });
});
