import { searchKeywordPatterns } from '@webmail/contracts';
import { describe, expect, it } from 'vitest';
import { chipTerm, highlightSegments, toggleTerm, wordBeingTyped, withPerson } from './search-terms';

describe('quick chips', () => {
  const context = (iso: string, timeZone: string) => ({
    now: new Date(iso),
    timeZone,
    address: 'me@example.test',
  });

  it('count the last 7 days on the user’s calendar around their midnight', () => {
    // 23:30 on 9 May in Honolulu, 12:30 on 10 May in Helsinki.
    expect(chipTerm('last7Days', context('2026-05-10T09:30:00Z', 'Pacific/Honolulu'))).toBe(
      'after:2026-05-02',
    );
    expect(chipTerm('last7Days', context('2026-05-10T10:30:00Z', 'Pacific/Honolulu'))).toBe(
      'after:2026-05-03',
    );
    expect(chipTerm('last7Days', context('2026-05-09T20:59:00Z', 'Europe/Helsinki'))).toBe(
      'after:2026-05-02',
    );
    expect(chipTerm('last7Days', context('2026-05-09T21:01:00Z', 'Europe/Helsinki'))).toBe(
      'after:2026-05-03',
    );
  });

  it('toggle their term in the text', () => {
    expect(toggleTerm('budget', 'is:unread')).toBe('budget is:unread');
    expect(toggleTerm('budget is:unread  x', 'is:unread')).toBe('budget x');
    expect(toggleTerm('', 'has:attachment')).toBe('has:attachment');
    expect(chipTerm('fromMe', context('2026-05-10T09:30:00Z', 'UTC'))).toBe('from:me@example.test');
  });
});

describe('typing', () => {
  it('suggests people for the word being typed, keeping its keyword', () => {
    expect(wordBeingTyped('budget ai')).toEqual({ start: 7, word: 'ai' });
    expect(wordBeingTyped('budget ')).toBeNull();
    expect(wordBeingTyped('to:ol')).toEqual({ start: 0, word: 'ol' });
    expect(wordBeingTyped('is:un')).toBeNull();
    expect(withPerson('budget to:ol', 7, 'olga@example.test')).toBe('budget to:olga@example.test ');
    expect(withPerson('budget ai', 7, 'aino@example.test')).toBe('budget from:aino@example.test ');
  });

  it('marks the keyword tokens that match their pattern', () => {
    expect(highlightSegments('from:aino is:bogus x is:unread', searchKeywordPatterns)).toEqual([
      { text: 'from:aino', keyword: 'from' },
      { text: ' is:bogus x ', keyword: null },
      { text: 'is:unread', keyword: 'is' },
    ]);
  });
});
