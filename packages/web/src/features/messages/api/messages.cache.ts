import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { FlagChange, MessageDetail, MessageSummary } from '@webmail/contracts';
import type { FeatureEventHandlers } from '../../../shared/api/event-handlers';
import { movedFolderCounts, setFolderCounts } from '../../mailboxes/api/mailboxes.cache';
import { mailboxesKeys } from '../../mailboxes/api/mailboxes.keys';
import type { ListData } from '../lib/list-patch';
import { applyFlagChanges, insertRows, removeUids } from '../lib/live-list-patch';
import { messagesKeys } from './messages.keys';

/**
 * Mail changes the server reports (the live event stream), written into this feature's keys: a folder's lists in
 * both modes and the opened messages. No request is made: the events carry what the rows need. Each step hands
 * back the keys it could not patch (a conversation list gaining a message must be read again), for the caller to
 * invalidate. A patch that changes nothing leaves the cached object as it was, so nothing renders.
 */

/**
 * A fetch of a key running while it is patched would answer the state from before the change and overwrite the
 * patch (a background refetch, the next page): it is started again, and its answer then includes the change.
 */
function restartRunningFetch(queryClient: QueryClient, queryKey: QueryKey): void {
  if (queryClient.getQueryState(queryKey)?.fetchStatus === 'fetching') {
    void queryClient.invalidateQueries({ queryKey, exact: true });
  }
}

function patchLists(
  queryClient: QueryClient,
  userIndex: number,
  mailboxId: string,
  patch: (data: ListData, key: QueryKey) => ListData | undefined,
): void {
  const lists = queryClient.getQueriesData<ListData>({
    queryKey: messagesKeys.folderLists(userIndex, mailboxId),
  });
  for (const [key, data] of lists) {
    if (!data) continue;
    const next = patch(data, key);
    if (next === data) continue;
    queryClient.setQueryData(key, next);
    restartRunningFetch(queryClient, key);
  }
}

/**
 * New messages in a folder (EXISTS): inserted into its message-mode list in date order. The other lists of the
 * folder are returned as stale: in conversation mode the new message may join a thread already listed, and a list
 * in another order (sender, size…) needs the server to find its place.
 */
export function insertListRows(
  queryClient: QueryClient,
  userIndex: number,
  mailboxId: string,
  rows: readonly MessageSummary[],
): QueryKey[] {
  const messagesKey = messagesKeys.list(userIndex, mailboxId, 'messages');
  const messages = queryClient.getQueryData<ListData>(messagesKey);
  const next = insertRows(messages, rows);
  if (next !== messages) {
    queryClient.setQueryData(messagesKey, next);
    restartRunningFetch(queryClient, messagesKey);
  }
  const others = queryClient.getQueriesData<ListData>({
    queryKey: messagesKeys.folderLists(userIndex, mailboxId),
  });
  return others.map(([key]) => key).filter((key) => !isSameKey(key, messagesKey));
}

/** Messages expunged from a folder (EXPUNGE): their rows leave both list modes. */
export function removeListUids(
  queryClient: QueryClient,
  userIndex: number,
  mailboxId: string,
  uids: readonly number[],
): void {
  patchLists(queryClient, userIndex, mailboxId, (data) => removeUids(data, uids));
}

/** Flags changed on the server (FETCH): the rows of both list modes and the opened messages. */
export function applyMessageFlags(
  queryClient: QueryClient,
  userIndex: number,
  mailboxId: string,
  changes: readonly FlagChange[],
): QueryKey[] {
  const stale: QueryKey[] = [];
  patchLists(queryClient, userIndex, mailboxId, (data, key) => {
    const result = applyFlagChanges(data, changes);
    if (result.needsRefetch) stale.push(key);
    return result.data;
  });
  for (const change of changes) {
    const key = messagesKeys.detail(userIndex, mailboxId, change.uid);
    const detail = queryClient.getQueryData<MessageDetail>(key);
    if (!detail) continue;
    const { seen, flagged, answered } = change;
    if (detail.seen === seen && detail.flagged === flagged && detail.answered === answered) continue;
    queryClient.setQueryData<MessageDetail>(key, { ...detail, seen, flagged, answered });
    restartRunningFetch(queryClient, key);
  }
  return stale;
}

/**
 * Whether a change of this client to the user's mail is in flight (a mass action, a flag change). Absolute values
 * the server reports meanwhile (flags, folder counts) may be from before it and would undo its optimistic step for
 * a moment; the action re-reads what it touched when it settles.
 */
export function mailChangePending(queryClient: QueryClient, userIndex: number): boolean {
  return queryClient.isMutating({ mutationKey: messagesKeys.changes(userIndex) }) > 0;
}

const isSameKey = (a: QueryKey, b: QueryKey) => a.length === b.length && a.every((part, i) => part === b[i]);

const staleKeys = (keys: readonly QueryKey[]) => keys.map((queryKey) => ({ queryKey }));

/**
 * Mail events apply at once: COUNTERS, EXISTS, EXPUNGE and FETCH carry the data (counts, the new rows, UIDs,
 * flags), so they are written into the caches without a request — waiting for a batch would miss the one-second
 * target for new mail. While this client's own change to the mail is in flight, flags and counts the server
 * reports may be from before it: those become a refetch of what they touch (the change re-reads it when it settles
 * anyway) instead of a patch that would undo its optimistic step for a moment.
 */
export const messagesEventHandlers = {
  COUNTERS: ({ counters }, { queryClient, userIndex, stale }) => {
    if (mailChangePending(queryClient, userIndex)) stale({ queryKey: mailboxesKeys.tree(userIndex) });
    else setFolderCounts(queryClient, userIndex, counters);
  },
  // A new stream's counts as live mail starts: a folder whose counts moved since they were read had mail come, go
  // or be read before anything was reported, so its lists are read again.
  connected: ({ counters }, { queryClient, userIndex, stale }) => {
    const moved = movedFolderCounts(queryClient, userIndex, counters ?? []);
    if (!moved.length) return;
    if (mailChangePending(queryClient, userIndex)) stale({ queryKey: mailboxesKeys.tree(userIndex) });
    else setFolderCounts(queryClient, userIndex, moved);
    stale(
      ...moved.map(({ mailboxId }) => ({ queryKey: messagesKeys.folderLists(userIndex, mailboxId) })),
      'mailOfAnyFolder',
    );
  },
  EXISTS: ({ mailboxId, messages }, { queryClient, userIndex, stale }) => {
    stale(...staleKeys(insertListRows(queryClient, userIndex, mailboxId, messages)));
    stale('mailOfAnyFolder');
  },
  EXPUNGE: ({ mailboxId, uids }, { queryClient, userIndex, stale }) => {
    removeListUids(queryClient, userIndex, mailboxId, uids);
    stale('mailOfAnyFolder');
  },
  FETCH: ({ mailboxId, changes }, { queryClient, userIndex, stale }) => {
    if (mailChangePending(queryClient, userIndex)) {
      stale({ queryKey: messagesKeys.folderLists(userIndex, mailboxId) });
      stale(...staleKeys(changes.map(({ uid }) => messagesKeys.detail(userIndex, mailboxId, uid))));
    } else {
      stale(...staleKeys(applyMessageFlags(queryClient, userIndex, mailboxId, changes)));
    }
  },
  // A folder's id: its UIDs were reset, or more of its messages' flags changed than are patched one by one, so its
  // lists and opened messages are read again ('' : only the folder tree changed).
  folderUpdate: ({ mailboxId }, { userIndex, stale }) => {
    if (!mailboxId) return;
    stale(
      { queryKey: messagesKeys.folderLists(userIndex, mailboxId) },
      { queryKey: messagesKeys.folderDetails(userIndex, mailboxId) },
    );
  },
  // Open messages are read again: the server decides what remote content they show.
  remoteContentWhitelist: (_event, { userIndex, stale }) =>
    stale({ queryKey: messagesKeys.details(userIndex) }),
} satisfies FeatureEventHandlers;
