import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSearch, parseSearch, searchKeywords } from '@webmail/contracts';
import { fuzz } from '../../fuzz.testing.js';
import type { ImapArg } from '../../mail/imap/imap-raw-command.js';
import { searchCriteria } from './search-criteria.js';

/** Pieces users type, and pieces an attacker types: keywords, quotes, groups, IMAP syntax, line breaks. */
const piece = fc.oneof(
  fc.constantFrom(...searchKeywords.map((k) => `${k}:`)),
  fc.constantFrom('OR', 'AND', '-', '(', ')', '"', '\\', '{5}\r\n', '{3+}', '\r\n', '\n', '\0', '*', '%'),
  fc.constantFrom('2026-03-09', '7d', '3m', '1y', '10M', '2K', 'attachment', 'unread', 'starred', 'inbox'),
  fc.constantFrom('UID 1:* FLAGS', 'A1 LOGOUT', ') OR (', 'x"y', 'Ünïcødé', '🐙', '\u202e'),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
);
const queryText = fc
  .array(fc.tuple(piece, fc.constantFrom('', ' ', '  ')), { maxLength: 14 })
  .map((parts) => parts.map(([p, sep]) => p + sep).join(''));

/**
 * What reaches the IMAP command compiler: atoms and sequences are ours (keywords, dates, numbers); a user's value
 * is a quoted string of printable ASCII or a literal. Anything else would let text become IMAP syntax.
 */
function injections(args: readonly ImapArg[]): string[] {
  return args.flatMap((arg): string[] => {
    if (Array.isArray(arg)) return injections(arg);
    const a = arg as Exclude<ImapArg, ImapArg[]>;
    if (a.type === 'ATOM' && !/^[A-Za-z0-9$\\.:-]+$/.test(a.value))
      return [`atom ${JSON.stringify(a.value)}`];
    if (a.type === 'SEQUENCE' && !/^[0-9:,*]*$/.test(a.value)) return [`sequence ${JSON.stringify(a.value)}`];
    if (a.type === 'STRING' && !/^[\x20-\x7e]*$/.test(a.value)) return [`string ${JSON.stringify(a.value)}`];
    return [];
  });
}

describe('search queries (property)', () => {
  it('parse never throws; a parsed query formats to text that parses back to the same query', () => {
    fuzz(
      'search: parse/format round trip',
      fc.property(queryText, (text) => {
        const parsed = parseSearch(text);
        if (!parsed.ok) {
          expect(parsed.errors.length).toBeGreaterThan(0);
          return;
        }
        const again = parseSearch(formatSearch(parsed.search));
        expect(again, formatSearch(parsed.search)).toEqual(parsed);
      }),
      400,
    );
  });

  it('every parsed query becomes IMAP criteria with no user text as syntax (no CR/LF, literal or quote escape)', () => {
    const now = new Date('2026-03-09T12:00:00Z');
    fuzz(
      'search: no IMAP injection',
      fc.property(queryText, fc.boolean(), (text, within) => {
        const parsed = parseSearch(text);
        if (!parsed.ok) return;
        const args = searchCriteria(parsed.search, { now, within });
        expect(injections(args), text).toEqual([]);
      }),
      400,
    );
  });
});
