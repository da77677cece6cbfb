/**
 * Conversation mode: the folder's THREAD=REFS threads, ordered like message mode so the two agree. Each
 * conversation lists its UIDs in the list's order (their position in the sorted list: newest first by default),
 * and conversations are ordered by their first message in that order. THREAD's own order is not used: it knows
 * only one order (Dovecot's REFS: the latest message's Date header), and the user may have chosen another.
 *
 * A message the THREAD reply did not mention (it arrived or went between the SORT and the THREAD) stays a
 * conversation of its own; one that is not in the sorted list is left out. The list route notices such
 * changes anyway and builds both again.
 */

/** All conversations in one flat list: conversation i is `uids[starts[i]] … uids[starts[i + 1] - 1]`. */
export interface GroupedConversations {
  uids: Uint32Array;
  starts: Uint32Array;
}

export const conversationCount = (g: GroupedConversations) => g.starts.length - 1;

/** Conversation `i`, newest message first. */
export const conversationAt = (g: GroupedConversations, i: number): number[] =>
  Array.from(g.uids.subarray(g.starts[i], g.starts[i + 1]));

/** The conversation holding `uid` (which must be in the list): a scan, then a binary search of the starts. */
export function conversationOf(g: GroupedConversations, uid: number): number {
  const position = g.uids.indexOf(uid);
  let low = 0;
  let high = g.starts.length - 2;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (g.starts[mid]! <= position) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * Linear apart from sorting inside each thread, and in typed arrays: a folder of 100,000 messages and
 * 60,000 threads would otherwise allocate (and collect) two arrays per thread on every build.
 */
export function groupConversations(
  threads: readonly number[][],
  newestFirst: readonly number[],
): GroupedConversations {
  const n = newestFirst.length;
  const rankOf = rankLookup(newestFirst);
  const placed = new Uint8Array(n);
  // Each thread's positions, flat, sorted within the thread (smallest = newest message).
  const ranks = new Int32Array(n);
  const headAt = new Int32Array(n).fill(-1);
  const threadStart: number[] = [];
  let end = 0;
  for (const thread of threads) {
    const start = end;
    for (const uid of thread) {
      const rank = rankOf(uid);
      if (rank < 0 || placed[rank]) continue;
      placed[rank] = 1;
      ranks[end++] = rank;
    }
    if (end === start) continue;
    if (end - start > 1) ranks.subarray(start, end).sort();
    headAt[ranks[start]!] = threadStart.length;
    threadStart.push(start, end);
  }
  const uids = new Uint32Array(n);
  const starts: number[] = [0];
  let out = 0;
  for (let rank = 0; rank < n; rank += 1) {
    const thread = headAt[rank]!;
    if (thread >= 0) {
      for (let i = threadStart[thread]!; i < threadStart[thread + 1]!; i += 1)
        uids[out++] = newestFirst[ranks[i]!]!;
    } else if (!placed[rank]) {
      uids[out++] = newestFirst[rank]!;
    } else {
      continue;
    }
    starts.push(out);
  }
  return { uids, starts: Uint32Array.from(starts) };
}

/** uid → position in the list, or −1: a typed array while UIDs are dense enough, else a Map. */
function rankLookup(newestFirst: readonly number[]): (uid: number) => number {
  let highest = 0;
  for (const uid of newestFirst) if (uid > highest) highest = uid;
  if (highest <= 4 * newestFirst.length + 1_000_000) {
    const ranks = new Int32Array(highest + 1).fill(-1);
    for (let i = 0; i < newestFirst.length; i += 1) ranks[newestFirst[i]!] = i;
    return (uid) => (uid > 0 && uid <= highest ? ranks[uid]! : -1);
  }
  const ranks = new Map<number, number>();
  for (let i = 0; i < newestFirst.length; i += 1) ranks.set(newestFirst[i]!, i);
  return (uid) => ranks.get(uid) ?? -1;
}
