import type { InfiniteData } from '@tanstack/react-query';
import type { MassActionName, MessageListResponse, MessageSummary } from '@webmail/contracts';

/** The UIDs an action addresses in one folder: a set, or '*' for every message of it. */
export type UidScope = ReadonlySet<number> | '*';
export type ListData = InfiniteData<MessageListResponse>;

export const inScope = (scope: UidScope, uid: number) => scope === '*' || scope.has(uid);

/** The UIDs a list row stands for: a conversation row stands for every message of its thread in the folder. */
export function rowUids(row: MessageSummary): number[] {
  return row.conversation ? row.conversation.uids : [row.id];
}

/** How an action changes a list row (README "Effects per action"). */
export type ActionEffect =
  { kind: 'flag'; flagged: boolean } | { kind: 'seen'; seen: boolean } | { kind: 'remove' };

export function actionEffect(action: MassActionName): ActionEffect {
  switch (action) {
    case 'flagged':
    case 'unflag':
      return { kind: 'flag', flagged: action === 'flagged' };
    case 'seen':
    case 'unseen':
      return { kind: 'seen', seen: action === 'seen' };
    default:
      return { kind: 'remove' };
  }
}

/** One row after the action, or null when the action takes it out of the folder. */
function patchRow(row: MessageSummary, effect: ActionEffect, scope: UidScope): MessageSummary | null {
  const conversation = row.conversation;
  const hit = rowUids(row).filter((uid) => inScope(scope, uid));
  if (hit.length === 0) return row;
  if (effect.kind === 'flag') return { ...row, flagged: effect.flagged };
  if (!conversation) {
    return effect.kind === 'seen' ? { ...row, seen: effect.seen } : null;
  }
  if (effect.kind === 'seen') {
    const all = hit.length === conversation.uids.length;
    const unseen = effect.seen
      ? all
        ? 0
        : Math.max(0, conversation.unseen - hit.length)
      : Math.min(conversation.count, conversation.unseen + hit.length);
    const seen = inScope(scope, row.id) ? effect.seen : row.seen;
    return { ...row, seen, conversation: { ...conversation, unseen } };
  }
  const uids = conversation.uids.filter((uid) => !inScope(scope, uid));
  if (uids.length === 0) return null;
  return {
    ...row,
    conversation: { count: uids.length, unseen: Math.min(conversation.unseen, uids.length), uids },
  };
}

/** The cached pages of a list after the action (both list modes; see README.md). */
export function patchList(data: ListData | undefined, action: MassActionName, scope: UidScope) {
  if (!data) return data;
  const effect = actionEffect(action);
  let removed = 0;
  const pages = data.pages.map((page) => {
    const messages: MessageSummary[] = [];
    for (const row of page.messages) {
      const next = patchRow(row, effect, scope);
      if (next) messages.push(next);
      else removed += 1;
    }
    return { ...page, messages };
  });
  if (effect.kind !== 'remove') return { ...data, pages };
  return {
    ...data,
    pages: pages.map((page) => ({ ...page, total: scope === '*' ? 0 : Math.max(0, page.total - removed) })),
  };
}

/** Rows of the list the scope touches. */
export function rowsInScope(data: ListData | undefined, scope: UidScope): MessageSummary[] {
  return (data?.pages ?? []).flatMap((page) =>
    page.messages.filter((row) => rowUids(row).some((uid) => inScope(scope, uid))),
  );
}

/**
 * How many of the scope's messages the cache knows to be unseen (`unseen: true`) or seen. A message row counts
 * itself; a conversation row counts only when the scope covers its whole thread (`conversation.unseen` is a number,
 * not a list of which ones).
 */
export function knownSeenState(data: ListData | undefined, scope: Exclude<UidScope, '*'>) {
  let unseen = 0;
  let seen = 0;
  for (const row of rowsInScope(data, scope)) {
    const conversation = row.conversation;
    if (!conversation) {
      if (row.seen) seen += 1;
      else unseen += 1;
    } else if (conversation.uids.every((uid) => scope.has(uid))) {
      unseen += conversation.unseen;
      seen += conversation.count - conversation.unseen;
    }
  }
  return { unseen, seen };
}
