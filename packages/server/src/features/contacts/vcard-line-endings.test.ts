import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseVcards } from './vcard.js';

/**
 * Real exporters end lines in every way: CRLF (the standard), LF (Unix tools), a lone CR (old Mac), CR CR LF
 * (iPhone), mixed within one file, and fold long lines with any of them. Each variant of the fixture files must
 * read as the CRLF original does: the same cards, and the same bad card reported by the same line.
 */
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/contacts/fixtures');
const files = ['contacts-v3.vcf', 'contacts-v4.vcf'];
const endings: Record<string, string> = { crlf: '\r\n', lf: '\n', cr: '\r', crcrlf: '\r\r\n' };

/** A small deterministic generator, so a failing mix can be reproduced from its seed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** The file's lines joined by `pick`'s line break for each gap. */
const join = (lines: string[], pick: (i: number) => string) =>
  lines.map((line, i) => (i < lines.length - 1 ? line + pick(i) : line)).join('');

/** Long lines folded again at 40 characters (a fold is a line break and a space), quoted-printable ones left be. */
function refold(lines: string[]): string[] {
  const unfolded: string[] = [];
  for (const line of lines) {
    if (/^[ \t]/.test(line) && unfolded.length > 0) unfolded[unfolded.length - 1] += line.slice(1);
    else unfolded.push(line);
  }
  return unfolded.flatMap((line) => {
    if (line.length <= 40 || /quoted-printable/i.test(line)) return [line];
    const parts = [line.slice(0, 40)];
    for (let i = 40; i < line.length; i += 39) parts.push(` ${line.slice(i, i + 39)}`);
    return parts;
  });
}

/** What a parse gives, comparable across variants (photos by size and bytes). */
const summary = (text: string) => {
  const { cards, problems } = parseVcards(text);
  return {
    cards: cards.map((c) => ({ ...c, photo: c.photo?.toString('base64') ?? null })),
    problems: problems.map(({ reason, line }) => ({ reason, line })),
  };
};

describe.each(files)('vCard line endings: %s', (file) => {
  const original = readFileSync(path.join(fixtures, file), 'utf8');
  const lines = original.split('\r\n');
  const expected = summary(original);

  it('has cards and a bad card to compare (the fixture itself)', () => {
    expect(expected.cards.length).toBeGreaterThanOrEqual(3);
    expect(expected.problems).toHaveLength(1);
  });

  it.each(Object.keys(endings))('reads the file with every line ending %s', (name) => {
    expect(summary(join(lines, () => endings[name]!))).toEqual(expected);
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('reads a mix of all line endings (seed %i)', (seed) => {
    const next = random(seed);
    const all = Object.values(endings);
    expect(summary(join(lines, () => all[Math.floor(next() * all.length)]!))).toEqual(expected);
  });

  it.each(Object.keys(endings))('reads lines folded again with %s, the cards unchanged', (name) => {
    const folded = refold(lines);
    const parsed = summary(join(folded, () => endings[name]!));
    // The folds move the lines after them; the cards themselves are the same.
    expect(parsed.cards.map(({ line: _line, ...card }) => card)).toEqual(
      expected.cards.map(({ line: _line, ...card }) => card),
    );
    expect(parsed.problems.map((p) => p.reason)).toEqual(expected.problems.map((p) => p.reason));
  });

  it('reads a file whose breaks are doubled (a blank line after every line)', () => {
    expect(summary(join(lines, () => '\r\n\r\n')).cards.length).toBe(expected.cards.length);
  });
});
