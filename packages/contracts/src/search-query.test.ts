import { describe, expect, it } from 'vitest';
import {
  daysAgoInZone,
  formatSearch,
  parseSearch,
  searchKeywordPatterns,
  searchTokens,
  type ParsedSearch,
  type SearchErrorCode,
} from './search-query.js';

const parsed = (text: string): ParsedSearch => {
  const result = parseSearch(text);
  if (!result.ok) throw new Error(`${text}: ${JSON.stringify(result.errors)}`);
  return result.search;
};
const codes = (text: string): SearchErrorCode[] => {
  const result = parseSearch(text);
  return result.ok ? [] : result.errors.map((e) => e.code);
};

describe('parseSearch', () => {
  it('reads free words, phrases and every keyword', () => {
    const search = parsed(
      'budget "exact words" from:aino to:"Olga S" cc:x@y.example subject:kokous has:attachment is:unread ' +
        'is:read is:starred after:2026/3/9 before:2026-04-01 older:2025-01-01 newer:2024-12-31 ' +
        'older_than:2d newer_than:3m larger:10M smaller:2.5kb',
    );
    expect(search.scope).toBeNull();
    expect(search.root.items).toEqual([
      { kind: 'text', value: 'budget', phrase: false },
      { kind: 'text', value: 'exact words', phrase: true },
      { kind: 'from', value: 'aino', phrase: false },
      { kind: 'to', value: 'Olga S', phrase: true },
      { kind: 'cc', value: 'x@y.example', phrase: false },
      { kind: 'subject', value: 'kokous', phrase: false },
      { kind: 'has', value: 'attachment' },
      { kind: 'is', value: 'unread' },
      { kind: 'is', value: 'read' },
      { kind: 'is', value: 'starred' },
      { kind: 'after', date: '2026-03-09' },
      { kind: 'before', date: '2026-04-01' },
      { kind: 'before', date: '2025-01-01' },
      { kind: 'after', date: '2024-12-31' },
      { kind: 'olderThan', amount: 2, unit: 'd' },
      { kind: 'newerThan', amount: 3, unit: 'm' },
      { kind: 'larger', bytes: 10 * 1024 * 1024 },
      { kind: 'smaller', bytes: 2560 },
    ]);
  });

  it('keeps Finnish and Russian words as they are', () => {
    expect(parsed('työpäivä Отчёт').root.items).toEqual([
      { kind: 'text', value: 'työpäivä', phrase: false },
      { kind: 'text', value: 'Отчёт', phrase: false },
    ]);
  });

  it('binds OR tighter than the implicit AND, and reads negation and groups', () => {
    expect(parsed('a b OR c -d -(e OR f) (g h)').root.items).toEqual([
      { kind: 'text', value: 'a', phrase: false },
      {
        kind: 'or',
        items: [
          { kind: 'text', value: 'b', phrase: false },
          { kind: 'text', value: 'c', phrase: false },
        ],
      },
      { kind: 'not', item: { kind: 'text', value: 'd', phrase: false } },
      {
        kind: 'not',
        item: {
          kind: 'or',
          items: [
            { kind: 'text', value: 'e', phrase: false },
            { kind: 'text', value: 'f', phrase: false },
          ],
        },
      },
      { kind: 'text', value: 'g', phrase: false },
      { kind: 'text', value: 'h', phrase: false },
    ]);
  });

  it('lifts one top-level in: out as the scope', () => {
    expect(parsed('in:sent budget').scope).toBe('sent');
    expect(parsed('in:"Projects/Acme Reports"').scope).toBe('Projects/Acme Reports');
    expect(parsed('in:anywhere').root.items).toEqual([]);
    expect(codes('in:sent in:inbox x')).toEqual(['searchInRepeated']);
    expect(codes('x OR in:sent')).toEqual(['searchInNotAllowedHere']);
    expect(codes('-in:trash')).toEqual(['searchInNotAllowedHere']);
  });

  it('treats control characters as spaces, so no value carries CR, LF or NUL', () => {
    const search = parsed('a\r\nb\u0000c "x\r\ny"');
    expect(search.root.items).toEqual([
      { kind: 'text', value: 'a', phrase: false },
      { kind: 'text', value: 'b', phrase: false },
      { kind: 'text', value: 'c', phrase: false },
      { kind: 'text', value: 'x y', phrase: true },
    ]);
  });

  it('reads IMAP syntax typed by the user as plain words', () => {
    expect(parsed('{5} a") OR (UID 1:* \\Seen').root.items.length).toBeGreaterThan(0);
    expect(parsed('"{5}\r\nA1 LOGOUT"').root.items).toEqual([
      { kind: 'text', value: '{5} A1 LOGOUT', phrase: true },
    ]);
  });

  it('lets an unclosed quote run to the end', () => {
    expect(parsed('"open phrase').root.items).toEqual([{ kind: 'text', value: 'open phrase', phrase: true }]);
  });

  it('refuses what cannot be searched, with the place of the problem', () => {
    expect(codes('')).toEqual(['searchEmpty']);
    expect(codes('   \r\n ')).toEqual(['searchEmpty']);
    expect(codes('(a b')).toEqual(['searchUnbalancedParentheses']);
    expect(codes('a b)')).toEqual(['searchUnbalancedParentheses']);
    expect(codes('a OR')).toEqual(['searchOrWithoutTerm']);
    expect(codes('OR a')).toEqual(['searchOrWithoutTerm']);
    expect(codes('from:')).toEqual(['searchValueMissing']);
    expect(codes('is:important')).toEqual(['searchInvalidValue']);
    expect(codes('has:pdf')).toEqual(['searchInvalidValue']);
    expect(codes('after:2026-02-30')).toEqual(['searchInvalidDate']);
    expect(codes('older_than:5w')).toEqual(['searchInvalidPeriod']);
    expect(codes('larger:lots')).toEqual(['searchInvalidSize']);
    expect(codes('larger:5G')).toEqual(['searchInvalidSize']);
    expect(codes('x'.repeat(10_000))).toEqual(['searchTooLong']);
    expect(codes('a '.repeat(101))).toEqual(['searchTooManyTerms']);
    expect(codes(`${'('.repeat(12)}a${')'.repeat(12)}`)).toContain('searchTooDeep');
    const result = parseSearch('ok (broken');
    expect(result.ok ? null : result.errors[0]).toMatchObject({ start: 3, end: 4 });
  });

  it('reads unknown keywords as words', () => {
    expect(parsed('label:work').root.items).toEqual([{ kind: 'text', value: 'label:work', phrase: false }]);
  });
});

describe('formatSearch', () => {
  it.each([
    'budget',
    'in:sent from:aino "exact words" -draft',
    'a b OR c -(d OR e) (f g) OR h',
    'subject:"two words" to:olga@example.test larger:10M smaller:300 has:attachment is:unread',
    'after:2026-03-09 before:2026-04-01 older_than:7d newer_than:1y',
    'in:"My Folder" Отчёт työpäivä',
    '"label:work" "OR" "-x"',
  ])('round-trips %s', (text) => {
    const once = parsed(text);
    expect(parsed(formatSearch(once))).toEqual(once);
  });

  it('writes sizes in whole units where it can', () => {
    expect(formatSearch(parsed('larger:2048 smaller:1572864 larger:1000'))).toBe(
      'larger:2K smaller:1536K larger:1000',
    );
  });
});

describe('searchTokens and the keyword patterns', () => {
  it('marks recognised keyword tokens that the patterns accept', () => {
    const text = 'from:aino is:unread is:bogus plain';
    const tokens = searchTokens(text);
    const matches = tokens.map((t) => {
      if (t.type !== 'keyword') return false;
      const pattern = new RegExp(`^(?:${searchKeywordPatterns[t.keyword!]})$`, 'i');
      return pattern.test(text.slice(t.start, t.end));
    });
    expect(matches).toEqual([true, true, false, false]);
  });
});

describe('daysAgoInZone', () => {
  // 2026-05-10 09:30 UTC is 12:30 in Helsinki (UTC+3) and 23:30 on May 9 in Honolulu (UTC-10).
  const beforeHonoluluMidnight = new Date('2026-05-10T09:30:00Z');
  // 10:30 UTC: 00:30 on May 10 in Honolulu.
  const afterHonoluluMidnight = new Date('2026-05-10T10:30:00Z');
  // 2026-05-09 20:59 UTC is 23:59 in Helsinki; a minute later it is May 10 there.
  const beforeHelsinkiMidnight = new Date('2026-05-09T20:59:00Z');
  const afterHelsinkiMidnight = new Date('2026-05-09T21:01:00Z');

  it('counts days on the calendar of the given zone', () => {
    expect(daysAgoInZone(beforeHonoluluMidnight, 'Pacific/Honolulu', 7)).toBe('2026-05-02');
    expect(daysAgoInZone(afterHonoluluMidnight, 'Pacific/Honolulu', 7)).toBe('2026-05-03');
    expect(daysAgoInZone(beforeHelsinkiMidnight, 'Europe/Helsinki', 7)).toBe('2026-05-02');
    expect(daysAgoInZone(afterHelsinkiMidnight, 'Europe/Helsinki', 7)).toBe('2026-05-03');
    expect(daysAgoInZone(beforeHonoluluMidnight, 'Europe/Helsinki', 7)).toBe('2026-05-03');
  });
});
