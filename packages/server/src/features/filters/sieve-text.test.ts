import { describe, expect, it } from 'vitest';
import { listIdKey, parseTextQuery, sieveString } from './sieve-text.js';

describe('Sieve text helpers', () => {
  it('escapes quotes, backslashes and every $ (variables would expand ${…})', () => {
    expect(sieveString('a "b" \\ ${x} $5')).toBe('"a \\"b\\" \\\\ ${wm_dollar}{x} ${wm_dollar}5"');
  });

  it('reads words (AND), an uppercase OR (alternatives) and "phrases"', () => {
    expect(parseTextQuery('invoice, march OR "due date" or')).toEqual([
      ['invoice', 'march'],
      ['due date', 'or'],
    ]);
    expect(parseTextQuery('  , OR  ')).toEqual([]);
  });

  it('takes the inside of <…> for a List-Id', () => {
    expect(listIdKey('News <news.example.org>')).toBe('news.example.org');
    expect(listIdKey('news.example')).toBe('news.example');
  });
});
