import type { QueryClient } from '@tanstack/react-query';

/**
 * Query `meta` of a query that shows mail of several folders at once (a conversation gathers a folder, the Inbox
 * and Sent). Whatever changes the account's mail — a mass action, another tab, a live event — re-reads these
 * without knowing their keys: the feature that changes the mail sits below the feature that shows them.
 */
export const showsMailOfAnyFolder = { showsMailOfAnyFolder: true } as const;

/**
 * Query `meta` of a query of one message (its detail, a conversation opened at it) whose view says itself when the
 * message is gone: a refetch answering 404 after another device, another tab or a search-wide action moved it is
 * shown in place ("not found, back to the list"), never as a request-failed notice over what the reader just did.
 */
export const showsNotFoundInPlace = { showsNotFoundInPlace: true } as const;

/** A 404 of a query marked `showsNotFoundInPlace`: its view tells the reader, so no notice is due. */
export function isNotFoundShownInPlace(
  status: number | undefined,
  meta: Record<string, unknown> | undefined,
) {
  return status === 404 && meta?.showsNotFoundInPlace === true;
}

/** Marks every query of this user that shows mail of any folder stale (active ones refetch). */
export function invalidateMailOfAnyFolder(queryClient: QueryClient, userIndex: number): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => query.meta?.showsMailOfAnyFolder === true && query.queryKey[1] === userIndex,
  });
}

/** Messages a successful move or delete took out of their folder, per query client: `user/folder/uid` or `user/folder/*`. */
const goneMessages = new WeakMap<QueryClient, Set<string>>();

/**
 * Messages a move or delete is taking out of their folder, the server's answer not in yet: key → how many actions
 * in flight address it. The page leaves the open message at once, but the view stays mounted until the next page
 * renders; a mail change meanwhile (a live event, another tab) would re-read it and answer 404 a moment later.
 */
const leavingMessages = new WeakMap<QueryClient, Map<string, number>>();

const markKeys = (userIndex: number, mailboxId: string, uids: Iterable<number> | '*') =>
  uids === '*' ? [`${userIndex}/${mailboxId}/*`] : [...uids].map((uid) => `${userIndex}/${mailboxId}/${uid}`);

/**
 * Records that these UIDs left `mailboxId` (a move, archive, trash or delete answered). A UID is never given again
 * in the same folder, so the mark stays true. Queries of those messages (their detail, a conversation opened at
 * one) stop fetching: refetching a moved message only answers 404, an error for the reader's own success.
 */
export function markMessagesGone(
  queryClient: QueryClient,
  userIndex: number,
  mailboxId: string,
  uids: Iterable<number> | '*',
): void {
  const gone = goneMessages.get(queryClient) ?? new Set<string>();
  goneMessages.set(queryClient, gone);
  for (const key of markKeys(userIndex, mailboxId, uids)) gone.add(key);
}

/**
 * Holds the queries of these messages (as `markMessagesGone` does) while a move or delete of them is in flight;
 * the returned release ends the hold — after `markMessagesGone` on success, alone on failure (the messages stay).
 */
export function holdLeavingMessages(
  queryClient: QueryClient,
  userIndex: number,
  mailboxId: string,
  uids: Iterable<number> | '*',
): () => void {
  const leaving = leavingMessages.get(queryClient) ?? new Map<string, number>();
  leavingMessages.set(queryClient, leaving);
  const keys = markKeys(userIndex, mailboxId, uids);
  for (const key of keys) leaving.set(key, (leaving.get(key) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const key of keys) {
      const count = (leaving.get(key) ?? 1) - 1;
      if (count > 0) leaving.set(key, count);
      else leaving.delete(key);
    }
  };
}

/** The `enabled` of a query of one message: false once the message has left its folder, or while it is leaving. */
export function whileMessageExists(
  queryClient: QueryClient,
  userIndex: number,
  mailboxId: string,
  uid: number | undefined,
): () => boolean {
  const held = (key: string) =>
    goneMessages.get(queryClient)?.has(key) === true || leavingMessages.get(queryClient)?.has(key) === true;
  return () => !held(`${userIndex}/${mailboxId}/*`) && !held(`${userIndex}/${mailboxId}/${uid}`);
}
