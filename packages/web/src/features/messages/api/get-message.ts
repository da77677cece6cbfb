import { queryOptions, useQuery } from '@tanstack/react-query';
import { MessageDetail } from '@webmail/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { messagePaths } from './message-paths';
import { messagesKeys } from './messages.keys';

/** GET /api/u/{i}/mailbox/{id}/messages/{uid}: one message with its sanitized body (spec §7). */
export function messageQueryOptions(userIndex: number, mailboxId: string, messageId: number) {
  return queryOptions({
    queryKey: messagesKeys.detail(userIndex, mailboxId, messageId),
    queryFn: ({ signal }) =>
      apiRequest(messagePaths.message(userIndex, mailboxId, messageId), { schema: MessageDetail, signal }),
    // A message does not change apart from its flags, which this client patches itself.
    staleTime: 5 * 60_000,
  });
}

export function useMessage(userIndex: number, mailboxId: string, messageId: number) {
  return useQuery(messageQueryOptions(userIndex, mailboxId, messageId));
}
