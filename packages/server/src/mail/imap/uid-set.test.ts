import { describe, expect, it } from 'vitest';
import { compressUids, expandUids } from './uid-set.js';

describe('UID sets', () => {
  it('compresses runs into ranges, sorted and without duplicates', () => {
    expect(compressUids([502, 3, 1, 2, 2, 500, 499, 4])).toBe('1:4,499:500,502');
    expect(compressUids([7])).toBe('7');
    expect(compressUids([])).toBe('');
  });

  it('expands what it compresses', () => {
    const uids = [1, 2, 3, 10, 12, 13, 100];
    expect(expandUids(compressUids(uids))).toEqual(uids);
    expect(expandUids('5:3')).toEqual([3, 4, 5]);
  });
});
