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
