import { describe, expect, it } from 'vitest';
import type { FolderState } from '../../mail/imap/selected-folder.js';
import { UidRangeSet } from '../../mail/imap/uid-set.js';
import {
  planSorted,
  SortedUidsCache,
  stampOf,
  unseenValid,
  withoutRemoved,
  type SortedList,
} from './sorted-uids-cache.js';

const selection = {};
const state = (over: Partial<FolderState> = {}): FolderState => ({
  selection,
  path: 'INBOX',
  uidValidity: '7',
  uidNext: 11,
  exists: 10,
  expunges: 0,
  flagChanges: 0,
  highestModseq: '40',
  ...over,
});
const list = (now: FolderState, uids = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]): SortedList => ({
  sort: 'date-desc',
  uids,
  uidValidity: now.uidValidity,
  uidNext: now.uidNext,
  stamp: stampOf(now),
});

describe('sorted list cache decisions', () => {
  it('keeps a list while nothing changed, in this selection or after a new SELECT', () => {
    const now = state();
    expect(planSorted(list(now), now)).toEqual({ kind: 'valid' });
    expect(planSorted(list(now), state({ selection: {} }))).toEqual({ kind: 'valid' });
    expect(planSorted(undefined, now)).toEqual({ kind: 'full' });
  });

  it('adds only new mail when EXISTS grew without expunges, else sorts again', () => {
    const cached = list(state());
    expect(planSorted(cached, state({ exists: 13 }))).toEqual({ kind: 'arrivals', count: 3 });
    expect(planSorted(cached, state({ exists: 13, expunges: 1 }))).toEqual({ kind: 'full' });
    expect(planSorted(cached, state({ exists: 9, expunges: 1 }))).toEqual({ kind: 'full' });
    // A new SELECT: UIDNEXT and EXISTS must grow together.
    expect(planSorted(cached, state({ selection: {}, uidNext: 14, exists: 13 }))).toEqual({
      kind: 'arrivals',
      count: 3,
    });
    expect(planSorted(cached, state({ selection: {}, uidNext: 12, exists: 10 }))).toEqual({ kind: 'full' });
    expect(planSorted(cached, state({ selection: {}, uidValidity: '8' }))).toEqual({ kind: 'full' });
  });

  it('drops what the webmail removed itself and stays valid', () => {
    const before = state();
    const cached = list(before);
    const after = state({ exists: 8, expunges: 2 });
    const kept = withoutRemoved(cached, [9, 4], before, after)!;
    expect(kept.uids).toEqual([10, 8, 7, 6, 5, 3, 2, 1]);
    expect(planSorted(kept, after)).toEqual({ kind: 'valid' });
    // Mail that arrived during the move is picked up by the next check.
    expect(planSorted(kept, state({ exists: 9, expunges: 2 }))).toEqual({ kind: 'arrivals', count: 1 });
    // Someone else expunged as well, or the list was stale before: no shortcut.
    expect(withoutRemoved(cached, [9, 4], before, state({ exists: 7, expunges: 3 }))).toBeNull();
    expect(withoutRemoved(cached, [9, 4], state({ exists: 11 }), after)).toBeNull();
    expect(withoutRemoved(cached, [99, 4], before, after)).toBeNull();
  });

  it('trusts the unseen set until flags, counts or HIGHESTMODSEQ change', () => {
    const now = state();
    const set = { uids: new UidRangeSet('3'), uidValidity: '7', stamp: stampOf(now) };
    expect(unseenValid(set, now)).toBe(true);
    expect(unseenValid(set, state({ flagChanges: 1 }))).toBe(false);
    expect(unseenValid(set, state({ exists: 11 }))).toBe(false);
    expect(unseenValid(set, state({ selection: {} }))).toBe(true);
    expect(unseenValid(set, state({ selection: {}, highestModseq: '41' }))).toBe(false);
    expect(
      unseenValid({ ...set, stamp: { ...set.stamp, highestModseq: null } }, state({ selection: {} })),
    ).toBe(false);
  });

  it('drops the least recently used folders when it holds too many UIDs', () => {
    const cache = new SortedUidsCache(10, 25);
    const now = state();
    cache.lists('a').sorted = list(now);
    cache.lists('b').sorted = list(now);
    cache.lists('a');
    cache.lists('c').sorted = list(now);
    // a, b, c hold 30 UIDs; touching d evicts b, the least recently used, down to 20.
    cache.lists('d');
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')?.sorted).toBeDefined();
    expect(cache.peek('c')?.sorted).toBeDefined();
  });
});
