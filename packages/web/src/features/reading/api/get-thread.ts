import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { readingEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import {
  showsMailOfAnyFolder,
  showsNotFoundInPlace,
  whileMessageExists,
} from '../../../shared/api/mail-change';
import { readingKeys } from './reading.keys';

/**
 * GET /api/u/{i}/mailbox/{id}/threads/{threadId}?messageId={uid}: the conversation of one message (without
 * `messageId`: of the folder's newest message of the thread — the thread print address has none), oldest first,
 * gathered from that folder, the Inbox and Sent, with a snippet per message. Bodies come from the message detail.
 * It lists messages of several folders, so any change to the account's mail makes it stale (`meta`).
 */
export function threadQueryOptions(
  userIndex: number,
  mailboxId: string,
  threadId: string,
  messageId?: number,
) {
  return queryOptions({
    queryKey: readingKeys.thread(userIndex, mailboxId, threadId, messageId),
    queryFn: ({ signal }) =>
      callApi(
        readingEndpoints.thread,
        { params: { userIndex, mailboxId, threadId }, query: { messageId } },
        { signal },
      ),
    meta: { ...showsMailOfAnyFolder, ...showsNotFoundInPlace },
  });
}

/** The conversation while the message it was opened at is in its folder (after a move it would answer 404). */
export function useThread(userIndex: number, mailboxId: string, threadId: string, messageId?: number) {
  const queryClient = useQueryClient();
  return useQuery({
    ...threadQueryOptions(userIndex, mailboxId, threadId, messageId),
    enabled: whileMessageExists(queryClient, userIndex, mailboxId, messageId),
  });
}
