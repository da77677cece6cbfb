import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiResponse } from '../../../shared/api/api-client';
import { messagePaths } from './message-paths';
import { messagesKeys } from './messages.keys';

/** GET …/messages/{uid}/source: the raw RFC 822 message as text (route MailboxSource). */
export function messageSourceQueryOptions(userIndex: number, mailboxId: string, messageId: number) {
  return queryOptions({
    queryKey: messagesKeys.source(userIndex, mailboxId, messageId),
    queryFn: async ({ signal }) => {
      // No timeout: a 25 MB message takes longer than the 5 s of a JSON call.
      const path = messagePaths.source(userIndex, mailboxId, messageId);
      return (await apiResponse(path, { signal, timeoutMs: null })).text();
    },
    // The source of a message never changes; it is only big. Not kept once the tab is closed anyway.
    staleTime: Infinity,
    gcTime: 60_000,
  });
}

export function useMessageSource(userIndex: number, mailboxId: string, messageId: number) {
  return useQuery(messageSourceQueryOptions(userIndex, mailboxId, messageId));
}
