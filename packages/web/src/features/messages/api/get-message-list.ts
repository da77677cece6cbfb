import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { defaultListSort, messagesEndpoints, type ListMode, type ListSort } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { messagePageSize } from '../lib/list-request';
import { messagesKeys } from './messages.keys';

/**
 * GET /api/u/{i}/mailbox/{id}/messages?offset&limit&mode&sort&order: a folder's messages in the user's order
 * (newest first by default), in pages. In `conversations` mode each row is the first message of a thread in that
 * order, with `conversation` and `total` counting threads.
 */
export function messageListQueryOptions(
  userIndex: number,
  mailboxId: string,
  mode: ListMode = 'messages',
  sort: ListSort = defaultListSort,
) {
  return infiniteQueryOptions({
    queryKey: messagesKeys.list(userIndex, mailboxId, mode, sort),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        messagesEndpoints.list,
        {
          params: { userIndex, mailboxId },
          query: { offset: pageParam, limit: messagePageSize, mode, sort: sort.field, order: sort.order },
        },
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
  sort: ListSort = defaultListSort,
) {
  return useInfiniteQuery({ ...messageListQueryOptions(userIndex, mailboxId, mode, sort), enabled });
}
