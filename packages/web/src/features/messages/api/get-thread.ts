import { queryOptions, useQuery } from '@tanstack/react-query';
import { readingEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { messagesKeys } from './messages.keys';

/**
 * GET /api/u/{i}/mailbox/{id}/threads/{threadId}?messageId={uid}: the conversation of one message, oldest first,
 * gathered from that folder, the Inbox and Sent, with a snippet per message. Bodies come from the message detail.
 */
export function threadQueryOptions(
  userIndex: number,
  mailboxId: string,
  threadId: string,
  messageId: number,
) {
  return queryOptions({
    queryKey: messagesKeys.thread(userIndex, mailboxId, threadId, messageId),
    queryFn: ({ signal }) =>
      callApi(
        readingEndpoints.thread,
        { params: { userIndex, mailboxId, threadId }, query: { messageId } },
        { signal },
      ),
  });
}

export function useThread(userIndex: number, mailboxId: string, threadId: string, messageId: number) {
  return useQuery(threadQueryOptions(userIndex, mailboxId, threadId, messageId));
}
