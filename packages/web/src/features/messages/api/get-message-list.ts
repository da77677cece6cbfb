import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { messagesEndpoints, type ListMode } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { messagesKeys } from './messages.keys';

/** Rows per request; the list asks for the next page as the user scrolls near the end. */
export const messagePageSize = 50;

/**
 * GET /api/u/{i}/mailbox/{id}/messages?offset&limit&mode: a folder's messages, newest first, in pages. In
 * `conversations` mode each row is the newest message of a thread, with `conversation` and `total` counting threads.
 */
export function messageListQueryOptions(userIndex: number, mailboxId: string, mode: ListMode = 'messages') {
  return infiniteQueryOptions({
    queryKey: messagesKeys.list(userIndex, mailboxId, mode),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        messagesEndpoints.list,
        { params: { userIndex, mailboxId }, query: { offset: pageParam, limit: messagePageSize, mode } },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.messages.length;
      return last.messages.length > 0 && next < last.total ? next : undefined;
    },
  });
}

export function useMessageList(
  userIndex: number,
  mailboxId: string,
  mode: ListMode = 'messages',
  enabled = true,
) {
  return useInfiniteQuery({ ...messageListQueryOptions(userIndex, mailboxId, mode), enabled });
}
