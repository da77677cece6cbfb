import { describe, expect, it } from 'vitest';
import {
  compressUids,
  countUidSet,
  expandRanges,
  expandUids,
  parseUidSet,
  rangesToSet,
  UidRangeSet,
} from './uid-set.js';

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

  it('merges runs without expanding them and keeps ESORT order when expanding', () => {
    expect(
      rangesToSet([
        [7, 9],
        [1, 3],
        [4, 4],
        [100000, 1],
      ]),
    ).toBe('1:100000');
    expect(rangesToSet(parseUidSet('10:12,1,3:2'))).toBe('1:3,10:12');
    expect(countUidSet('1:100000,100002')).toBe(100001);
    expect(expandRanges(parseUidSet('5,9:7,1'))).toEqual([5, 9, 8, 7, 1]);
    expect(() => parseUidSet('1:*')).toThrow(/not a UID set/);
  });

  it('answers membership of a compressed set without expanding it', () => {
    const set = new UidRangeSet('1:100000,100005,100010:100020');
    expect(set.runs).toBe(3);
    expect([1, 50000, 100000, 100005, 100015].every((u) => set.has(u))).toBe(true);
    expect([100001, 100004, 100006, 100021, 0].some((u) => set.has(u))).toBe(false);
    expect(new UidRangeSet('').has(1)).toBe(false);
  });
});
