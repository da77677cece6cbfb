import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messagesEndpoints, type MessageDetail } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { showsNotFoundInPlace, whileMessageExists } from '../../../shared/api/mail-change';
import { messagesKeys } from './messages.keys';

function fetchMessage(
  userIndex: number,
  mailboxId: string,
  messageId: number,
  showRemote: boolean,
  signal?: AbortSignal,
) {
  return callApi(
    messagesEndpoints.message,
    { params: { userIndex, mailboxId, messageId }, query: showRemote ? { remoteContent: 'show' } : {} },
    { signal },
  );
}

/**
 * GET /api/u/{i}/mailbox/{id}/messages/{uid}[?remoteContent=show]: one message with its sanitized body.
 * Once the reader chose "show once", a refetch of the same message (focus, invalidation after a flag change)
 * asks for the remote content again instead of hiding it under the reader's eyes.
 */
export function messageQueryOptions(userIndex: number, mailboxId: string, messageId: number) {
  return queryOptions({
    queryKey: messagesKeys.detail(userIndex, mailboxId, messageId),
    queryFn: ({ signal, client, queryKey }) => {
      const shown = client.getQueryData<MessageDetail>(queryKey)?.remoteContent === 'shown';
      return fetchMessage(userIndex, mailboxId, messageId, shown, signal);
    },
    // A message does not change apart from its flags, which this client patches itself.
    staleTime: 5 * 60_000,
    meta: showsNotFoundInPlace,
  });
}

/** The message while it is in its folder: once moved or deleted here it is not read again. */
export function useMessage(userIndex: number, mailboxId: string, messageId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    ...messageQueryOptions(userIndex, mailboxId, messageId),
    enabled: whileMessageExists(queryClient, userIndex, mailboxId, messageId),
  });
}

/** "Show once": the same message with its remote content through the image proxy, for this reading only. */
export function useShowRemoteContent(userIndex: number, mailboxId: string, messageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchMessage(userIndex, mailboxId, messageId, true),
    onSuccess: (detail) =>
      queryClient.setQueryData(messagesKeys.detail(userIndex, mailboxId, messageId), detail),
  });
}
