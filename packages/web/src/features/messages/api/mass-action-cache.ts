import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { MassActionName, MessageDetail } from '@webmail/contracts';
import {
  holdLeavingMessages,
  invalidateMailOfAnyFolder,
  markMessagesGone,
} from '../../../shared/api/mail-change';
import {
  cachedTree,
  cancelTreeFetch,
  findTreeFolder,
  refreshTree,
  shiftTreeCounts,
  type Restore,
} from '../../mailboxes/api/mailboxes.cache';
import { countShiftsFor, targetFolderId } from '../lib/folder-counts';
import { actionEffect, knownSeenState, patchList, type ListData, type UidScope } from '../lib/list-patch';
import { messagesKeys } from './messages.keys';

export interface MassActionTarget {
  action: MassActionName;
  mailboxId: string;
  messageIds: number[] | '*';
  moveToTarget?: string;
}

/** What the optimistic step changed: enough to roll it back and to settle the right keys. */
export interface OptimisticContext {
  snapshot: [QueryKey, unknown][];
  /** Puts the folder tree's counts back (the mailboxes feature owns the tree). */
  restoreTree: Restore;
  scope: UidScope;
  /** How many messages are addressed (the progress's `total`). */
  total: number;
  /** T of README.md, when the action moves. */
  targetId: string | undefined;
  /** Ends the hold on the removed messages' queries (a no-op for actions that remove nothing). */
  releaseLeaving: () => void;
}

const detailUid = (key: QueryKey) => (typeof key[4] === 'number' ? key[4] : NaN);

/**
 * Snapshot → patch (README "Effects per action"): S's lists in both modes and S's details here, the tree counts
 * through the mailboxes feature's cache.
 */
export async function applyOptimisticEffects(
  queryClient: QueryClient,
  userIndex: number,
  input: MassActionTarget,
): Promise<OptimisticContext> {
  const { action, mailboxId, messageIds, moveToTarget } = input;
  const scope: UidScope = messageIds === '*' ? '*' : new Set(messageIds);
  const effect = actionEffect(action);
  // Before the first await: the page may leave the open message right after this step, and its view is still
  // mounted until the next page renders.
  const releaseLeaving =
    effect.kind === 'remove'
      ? holdLeavingMessages(queryClient, userIndex, mailboxId, scope)
      : () => undefined;
  const listsKey = messagesKeys.folderLists(userIndex, mailboxId);
  const detailsKey = messagesKeys.folderDetails(userIndex, mailboxId);
  // A fetch that answers after the patch would overwrite it with the state before the action.
  await Promise.all([
    queryClient.cancelQueries({ queryKey: listsKey }),
    queryClient.cancelQueries({ queryKey: detailsKey }),
    cancelTreeFetch(queryClient, userIndex),
  ]);

  const tree = cachedTree(queryClient, userIndex);
  const lists = queryClient.getQueriesData<ListData>({ queryKey: listsKey });
  const details = queryClient
    .getQueriesData<MessageDetail>({ queryKey: detailsKey })
    .filter(([key]) => scope === '*' || scope.has(detailUid(key)));
  const source = findTreeFolder(tree, mailboxId);
  const targetId = targetFolderId(tree, action, moveToTarget);

  const messagesList = queryClient.getQueryData<ListData>(
    messagesKeys.list(userIndex, mailboxId, 'messages'),
  );
  const conversationsList = queryClient.getQueryData<ListData>(
    messagesKeys.list(userIndex, mailboxId, 'conversations'),
  );
  const known =
    scope === '*' ? { unseen: 0, seen: 0 } : knownSeenState(messagesList ?? conversationsList, scope);
  const listTotal = messagesList?.pages[0]?.total;
  const total = scope === '*' ? (source?.total ?? listTotal ?? 0) : scope.size;

  for (const [key, data] of lists) queryClient.setQueryData(key, patchList(data, action, scope));
  if (effect.kind !== 'remove') {
    const patch = effect.kind === 'flag' ? { flagged: effect.flagged } : { seen: effect.seen };
    for (const [key, data] of details) if (data) queryClient.setQueryData(key, { ...data, ...patch });
  }
  const shifts = countShiftsFor({
    action,
    source,
    targetId,
    addressed: scope === '*' ? '*' : scope.size,
    known,
  });
  const restoreTree = shiftTreeCounts(queryClient, userIndex, shifts);

  return { snapshot: [...lists, ...details], restoreTree, scope, total, targetId, releaseLeaving };
}

export function rollBack(queryClient: QueryClient, context: OptimisticContext): void {
  for (const [key, data] of context.snapshot) queryClient.setQueryData(key, data);
  context.restoreTree();
  context.releaseLeaving();
}

/**
 * After success: the removed messages' details are addressed by UIDs that no longer exist in S. Their queries stop
 * fetching for good (held since the optimistic step: a reading pane still showing one until the page has left
 * would otherwise re-read it and get a 404), and the cached details go.
 */
export function dropRemovedDetails(
  queryClient: QueryClient,
  userIndex: number,
  input: MassActionTarget,
  context: Pick<OptimisticContext, 'scope' | 'releaseLeaving'>,
): void {
  const { scope } = context;
  if (actionEffect(input.action).kind !== 'remove') return;
  markMessagesGone(queryClient, userIndex, input.mailboxId, scope);
  context.releaseLeaving();
  queryClient.removeQueries({
    queryKey: messagesKeys.folderDetails(userIndex, input.mailboxId),
    predicate: (query) => scope === '*' || scope.has(detailUid(query.queryKey)),
  });
}

/** Settle (README column "settle invalidates"): the server is the truth once the answer is in. */
export function settleMassAction(
  queryClient: QueryClient,
  userIndex: number,
  input: MassActionTarget,
  targetId: string | undefined,
): void {
  const invalidate = (queryKey: QueryKey) => void queryClient.invalidateQueries({ queryKey });
  invalidate(messagesKeys.folderLists(userIndex, input.mailboxId));
  if (targetId && targetId !== input.mailboxId) invalidate(messagesKeys.folderLists(userIndex, targetId));
  if (input.action !== 'flagged' && input.action !== 'unflag') void refreshTree(queryClient, userIndex);
  // An open conversation lists messages of several folders (Inbox, Sent): re-read it whatever the folder.
  void invalidateMailOfAnyFolder(queryClient, userIndex);
}

/** What another tab's change makes stale here: the tree and every list of that user. */
export function invalidateMailboxes(queryClient: QueryClient, userIndex: number): void {
  void refreshTree(queryClient, userIndex);
  void queryClient.invalidateQueries({ queryKey: messagesKeys.lists(userIndex) });
  void invalidateMailOfAnyFolder(queryClient, userIndex);
}
