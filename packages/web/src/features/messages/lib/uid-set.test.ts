import { describe, expect, it } from 'vitest';
import { parseUidSet } from './uid-set';

describe('parseUidSet', () => {
  it('expands ranges and single UIDs', () => {
    expect(parseUidSet('1:3,7,9:10')).toEqual([1, 2, 3, 7, 9, 10]);
  });

  it('reads an empty set as no UIDs and a reversed range in either order', () => {
    expect(parseUidSet('')).toEqual([]);
    expect(parseUidSet('5:3')).toEqual([3, 4, 5]);
  });

  it('refuses what is not a UID set', () => {
    expect(() => parseUidSet('1:x')).toThrow(/Not a UID set/);
  });
});
