import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { MassActionName, MessageListResponse, MessageSummary, RecentSearch } from '@webmail/contracts';
import { staleQuery, type FeatureEventHandlers } from '../../../shared/api/event-handlers';
import { searchKeys } from './search.keys';

type Pages = InfiniteData<MessageListResponse>;

/** Which results an action addresses: every one ('*'), or messages by folder and UID. */
export type ResultScope = '*' | ReadonlySet<string>;
export const refKey = (mailboxId: string, uid: number) => `${mailboxId}/${uid}`;

/** The UIDs a row stands for (a conversation row: its thread's hits in that folder). */
const rowRefs = (row: MessageSummary) =>
  (row.conversation ? row.conversation.uids : [row.id]).map((uid) => refKey(row.mailbox, uid));

/** One row after the action: new flags, or null when the action moves it away. */
function patchRow(row: MessageSummary, action: MassActionName, scope: ResultScope): MessageSummary | null {
  const hits = scope === '*' ? rowRefs(row) : rowRefs(row).filter((ref) => scope.has(ref));
  if (hits.length === 0) return row;
  switch (action) {
    case 'flagged':
    case 'unflag':
      return { ...row, flagged: action === 'flagged' };
    case 'seen':
    case 'unseen': {
      const seen = action === 'seen';
      if (!row.conversation) return { ...row, seen };
      const { count, unseen } = row.conversation;
      const next = seen ? Math.max(0, unseen - hits.length) : Math.min(count, unseen + hits.length);
      return { ...row, seen, conversation: { ...row.conversation, unseen: next } };
    }
    default:
      // A move takes the results out of this search's scope only if the target is outside it: the settle reads
      // the results again; until then the moved rows leave the list (as in a folder).
      return hits.length === rowRefs(row).length ? null : row;
  }
}

/** The cached pages of a search after an action on some (or all) of its results. */
export function patchResults(data: Pages | undefined, action: MassActionName, scope: ResultScope) {
  if (!data) return data;
  let removed = 0;
  const pages = data.pages.map((page) => {
    const messages: MessageSummary[] = [];
    for (const row of page.messages) {
      const next = patchRow(row, action, scope);
      if (next) messages.push(next);
      else removed += 1;
    }
    return { ...page, messages };
  });
  if (removed === 0) return { ...data, pages };
  return {
    ...data,
    pages: pages.map((page) => ({ ...page, total: scope === '*' ? 0 : Math.max(0, page.total - removed) })),
  };
}

/** Patches every cached result list of the user (both modes, every search); returns the undo. */
export async function patchAllResults(
  queryClient: QueryClient,
  userIndex: number,
  action: MassActionName,
  scope: ResultScope,
  search: string,
): Promise<() => void> {
  await queryClient.cancelQueries({ queryKey: searchKeys.results(userIndex) });
  const snapshot = queryClient.getQueriesData<Pages>({ queryKey: searchKeys.results(userIndex) });
  for (const [key, data] of snapshot) {
    // '*' is every result of one search; chosen messages are the same messages in every search that shows them.
    if (scope === '*' && key[3] !== search) continue;
    queryClient.setQueryData(key, patchResults(data, action, scope));
  }
  return () => {
    for (const [key, data] of snapshot) queryClient.setQueryData(key as QueryKey, data);
  };
}

/** Takes a recent search out of the cached list; returns the undo. */
export function removeRecentSearch(queryClient: QueryClient, userIndex: number, id: string): () => void {
  const key = searchKeys.recent(userIndex);
  const before = queryClient.getQueryData<RecentSearch[]>(key);
  queryClient.setQueryData<RecentSearch[]>(key, (list) => list?.filter((recent) => recent.id !== id));
  return () => queryClient.setQueryData(key, before);
}

/**
 * A search the user runs (Enter, a chip, a recent one) is asked again even when it is cached: the answer is fresh
 * and the server moves it to the top of the recent searches. The recent list is read again when next shown.
 */
export function rerunSearch(queryClient: QueryClient, userIndex: number, search: string): void {
  void queryClient.invalidateQueries({ queryKey: [...searchKeys.results(userIndex), search] });
  void queryClient.invalidateQueries({ queryKey: searchKeys.recent(userIndex), refetchType: 'none' });
}

const staleRecent = staleQuery(searchKeys.recent);
const staleSaved = staleQuery(searchKeys.saved);

export const searchEventHandlers = {
  // Saved searches show their unread counts: any folder's count may change them.
  COUNTERS: staleSaved,
  recentSearchUpdated: staleRecent,
  recentSearchDeleted: staleRecent,
  savedSearchUpdated: staleSaved,
  savedSearchDeleted: staleSaved,
} satisfies FeatureEventHandlers;
