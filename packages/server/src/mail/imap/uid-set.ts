/**
 * IMAP sequence sets of UIDs (RFC 3501 §9 `sequence-set`). Commands take one compressed set per folder
 * (`1:500,502`) — never one command per message.
 */
export function compressUids(uids: Iterable<number>): string {
  const sorted = [...new Set(uids)].filter((u) => Number.isInteger(u) && u > 0).sort((a, b) => a - b);
  const parts: string[] = [];
  let start = sorted[0];
  let prev = start;
  for (let i = 1; i <= sorted.length; i += 1) {
    const uid = sorted[i];
    if (uid !== undefined && prev !== undefined && uid === prev + 1) {
      prev = uid;
      continue;
    }
    if (start !== undefined && prev !== undefined)
      parts.push(start === prev ? `${start}` : `${start}:${prev}`);
    start = uid;
    prev = uid;
  }
  return parts.join(',');
}

/** Expands a set without `*` (the sets this server writes). */
export function expandUids(set: string): number[] {
  if (!set) return [];
  return set.split(',').flatMap((part) => {
    const [a, b] = part.split(':').map(Number);
    if (a === undefined || !Number.isInteger(a)) return [];
    if (b === undefined) return [a];
    const [lo, hi] = a <= b ? [a, b] : [b, a];
    return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
  });
}

/** One run of a sequence set, `[first, last]`; `last < first` only in ordered (ESORT) results. */
export type UidRange = readonly [number, number];

/** Parses a set written without `*` (`1:500,502`) into its runs, as written. */
export function parseUidSet(set: string): UidRange[] {
  if (!set) return [];
  return set.split(',').map((part) => {
    const [a, b = a] = part.split(':');
    const first = Number(a);
    const last = Number(b);
    if (!Number.isInteger(first) || !Number.isInteger(last) || first < 1 || last < 1) {
      throw new Error(`not a UID set: ${set.slice(0, 80)}`);
    }
    return [first, last] as const;
  });
}

/**
 * The canonical compressed set of runs (ascending, merged), without expanding them: `1:100000` stays one
 * run however many UIDs it covers.
 */
export function rangesToSet(ranges: readonly UidRange[]): string {
  const sorted = ranges
    .map(([a, b]) => (a <= b ? [a, b] : [b, a]) as [number, number])
    .sort((x, y) => x[0] - y[0]);
  const merged: Array<[number, number]> = [];
  for (const run of sorted) {
    const last = merged.at(-1);
    if (last && run[0] <= last[1] + 1) last[1] = Math.max(last[1], run[1]);
    else merged.push([run[0], run[1]]);
  }
  return merged.map(([a, b]) => (a === b ? `${a}` : `${a}:${b}`)).join(',');
}

/** How many UIDs a set holds. */
export function countUidSet(set: string): number {
  return parseUidSet(set).reduce((n, [a, b]) => n + Math.abs(b - a) + 1, 0);
}

/** The UIDs of the runs in the order written; `5:3` is 5, 4, 3 (ESORT keeps the sort order in runs). */
export function expandRanges(ranges: readonly UidRange[]): number[] {
  const out: number[] = [];
  for (const [a, b] of ranges) {
    const step = a <= b ? 1 : -1;
    for (let uid = a; uid !== b + step; uid += step) out.push(uid);
  }
  return out;
}

/** Membership in a canonical compressed set without expanding it: a binary search over its runs. */
export class UidRangeSet {
  private readonly firsts: Uint32Array;
  private readonly lasts: Uint32Array;

  constructor(set: string) {
    const runs = parseUidSet(rangesToSet(parseUidSet(set)));
    this.firsts = Uint32Array.from(runs, ([a]) => a);
    this.lasts = Uint32Array.from(runs, ([, b]) => b);
  }

  get runs(): number {
    return this.firsts.length;
  }

  has(uid: number): boolean {
    let lo = 0;
    let hi = this.firsts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (uid < this.firsts[mid]!) hi = mid - 1;
      else if (uid > this.lasts[mid]!) lo = mid + 1;
      else return true;
    }
    return false;
  }
}
