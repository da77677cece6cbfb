import { queryOptions, useQuery } from '@tanstack/react-query';
import { readingEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { readingKeys } from './reading.keys';

/** GET …/messages/{uid}/source: the raw RFC 822 message as text (route MailboxSource). */
export function messageSourceQueryOptions(userIndex: number, mailboxId: string, messageId: number) {
  return queryOptions({
    queryKey: readingKeys.source(userIndex, mailboxId, messageId),
    queryFn: async ({ signal }) => {
      const params = { userIndex, mailboxId, messageId };
      return (await callApi(readingEndpoints.source, { params }, { signal })).text();
    },
    // The source of a message never changes; it is only big. Not kept once the tab is closed anyway.
    staleTime: Infinity,
    gcTime: 60_000,
  });
}

export function useMessageSource(userIndex: number, mailboxId: string, messageId: number) {
  return useQuery(messageSourceQueryOptions(userIndex, mailboxId, messageId));
}
