import type { DehydratedState, Query, QueryKey } from '@tanstack/react-query';
import { mailboxesKeys } from '../../features/mailboxes/api/mailboxes.keys';
import { messagesKeys } from '../../features/messages/api/messages.keys';
import { readingKeys } from '../../features/reading/api/reading.keys';

/**
 * Which cached answers are kept on the device for reading offline, and how much of them (pure; the IndexedDB side
 * is `offline-cache.ts`). Only what reading needs: a user's folder tree, the first page of the folders they opened
 * last, and the messages and conversations they opened last. Nothing else of the cache (settings, the account
 * list, sources, attachment bytes, recent recipients) is written to the device.
 */
export type PersistedKind = 'tree' | 'list' | 'detail' | 'thread';

export type DehydratedQuery = DehydratedState['queries'][number];

export const offlineCacheLimits = {
  /** Older answers are not restored: a week-old list says little about the mailbox. */
  maxAgeMs: 7 * 24 * 3_600_000,
  /** Per user index: the folders (first page each), messages and conversations opened last. */
  lists: 10,
  details: 50,
  threads: 30,
  /** Per user index, as JSON text; the newest entries are kept first, an entry that does not fit is left out. */
  maxBytes: 8_000_000,
} as const;

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((part, index) => key[index] === part);

/** The key's kind when it is one of the persisted ones (the owners' key factories say what the keys look like). */
export function persistedKind(key: QueryKey): PersistedKind | null {
  const userIndex = key[1];
  if (typeof userIndex !== 'number') return null;
  const is = (prefix: QueryKey, extra: number) =>
    key.length === prefix.length + extra && startsWith(key, prefix);
  if (is(mailboxesKeys.tree(userIndex), 0)) return 'tree';
  if (is(messagesKeys.lists(userIndex), 2)) return 'list'; // + mailboxId, mode
  if (is(messagesKeys.details(userIndex), 2)) return 'detail'; // + mailboxId, messageId
  if (is(readingKeys.threads(userIndex), 3)) return 'thread'; // + mailboxId, threadId, messageId
  return null;
}

/** dehydrate's filter: answered queries of a persisted kind. */
export function shouldPersistQuery(query: Query): boolean {
  return query.state.status === 'success' && persistedKind(query.queryKey) !== null;
}

interface InfiniteData {
  pages: unknown[];
  pageParams: unknown[];
}

const isInfiniteData = (data: unknown): data is InfiniteData =>
  typeof data === 'object' &&
  data !== null &&
  Array.isArray((data as InfiniteData).pages) &&
  Array.isArray((data as InfiniteData).pageParams);

/** A list keeps its first page only: enough to see what came in last, and small. */
function trimmed(query: DehydratedQuery): DehydratedQuery {
  const data: unknown = query.state.data;
  // Only what is needed to show the data again: no error objects (class instances do not survive storage).
  const state = { ...query.state, error: null, fetchFailureReason: null, fetchFailureCount: 0 };
  if (persistedKind(query.queryKey) !== 'list' || !isInfiniteData(data) || data.pages.length <= 1) {
    return { ...query, state };
  }
  return {
    ...query,
    state: { ...state, data: { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } },
  };
}

const sizes = new WeakMap<object, number>();

/**
 * Approximate stored size: the JSON length of the data, remembered per data object (answers are immutable; a
 * list's pages are measured one by one, as the trimmed list around them is new each time).
 */
function sizeOf(query: DehydratedQuery): number {
  const data: unknown = query.state.data;
  const parts = isInfiniteData(data) ? data.pages : [data];
  return parts.reduce<number>((total, part) => total + measured(part), 0);
}

function measured(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 64;
  let size = sizes.get(value);
  if (size === undefined) {
    size = JSON.stringify(value)?.length ?? 0;
    sizes.set(value, size);
  }
  return size;
}

const limitOf: Record<PersistedKind, number> = {
  tree: 1,
  list: offlineCacheLimits.lists,
  detail: offlineCacheLimits.details,
  thread: offlineCacheLimits.threads,
};

/**
 * The dehydrated queries to store, per user index: fresh enough, lists cut to their first page, at most the
 * newest N of each kind, within the byte budget (the folder tree first, then the newest of the rest).
 */
export function persistedByUser(
  queries: readonly DehydratedQuery[],
  now: number,
): Map<number, DehydratedQuery[]> {
  const byUser = new Map<number, DehydratedQuery[]>();
  for (const query of queries) {
    const kind = persistedKind(query.queryKey);
    if (!kind || query.state.status !== 'success') continue;
    if (now - query.state.dataUpdatedAt > offlineCacheLimits.maxAgeMs) continue;
    const userIndex = query.queryKey[1] as number;
    byUser.set(userIndex, [...(byUser.get(userIndex) ?? []), trimmed(query)]);
  }
  const result = new Map<number, DehydratedQuery[]>();
  for (const [userIndex, own] of byUser) {
    const newestFirst = [...own].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
    const ordered = [
      ...newestFirst.filter((query) => persistedKind(query.queryKey) === 'tree'),
      ...newestFirst.filter((query) => persistedKind(query.queryKey) !== 'tree'),
    ];
    const counts: Record<PersistedKind, number> = { tree: 0, list: 0, detail: 0, thread: 0 };
    let bytes = 0;
    const kept: DehydratedQuery[] = [];
    for (const query of ordered) {
      const kind = persistedKind(query.queryKey) as PersistedKind;
      if (counts[kind] >= limitOf[kind]) continue;
      const size = sizeOf(query);
      if (bytes + size > offlineCacheLimits.maxBytes) continue;
      counts[kind] += 1;
      bytes += size;
      kept.push(query);
    }
    result.set(userIndex, kept);
  }
  return result;
}

/** What a user's stored entry holds, compared to know whether it must be written again. */
export function signatureOf(queries: readonly DehydratedQuery[]): string {
  return queries
    .map((query) => `${query.queryHash}@${query.state.dataUpdatedAt}`)
    .sort()
    .join('|');
}
