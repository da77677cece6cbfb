import type { QueryClient } from '@tanstack/react-query';

/**
 * Query `meta` of a query that shows mail of several folders at once (a conversation gathers a folder, the Inbox
 * and Sent). Whatever changes the account's mail — a mass action, another tab, a live event — re-reads these
 * without knowing their keys: the feature that changes the mail sits below the feature that shows them.
 */
export const showsMailOfAnyFolder = { showsMailOfAnyFolder: true } as const;

/** Marks every query of this user that shows mail of any folder stale (active ones refetch). */
export function invalidateMailOfAnyFolder(queryClient: QueryClient, userIndex: number): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => query.meta?.showsMailOfAnyFolder === true && query.queryKey[1] === userIndex,
  });
}
