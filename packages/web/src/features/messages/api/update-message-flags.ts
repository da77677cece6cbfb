import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { MessageFlagsResponse, type MessageDetail, type MessageListResponse } from '@webmail/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { idempotentMutationRetry } from '../../../shared/api/retry-policy';
import { findInList, patchDetailFlags, patchListFlags, type FlagsPatch } from '../lib/message-cache';
import { messagePaths } from './message-paths';
import { messagesKeys } from './messages.keys';

/**
 * What a flag change does to the folder counts, supplied by the route from the mailboxes feature (features do not
 * reach into each other's caches).
 */
export interface FolderCountEffects {
  adjustUnseen: (mailboxId: string, delta: number) => () => void;
  refresh: () => void;
}

export interface UpdateFlagsVariables {
  messageId: number;
  patch: FlagsPatch;
}

/** PATCH /api/u/{i}/mailbox/{id}/messages/{uid} {seen?, flagged?} → {seen, flagged}. */
export function updateMessageFlags(
  userIndex: number,
  mailboxId: string,
  { messageId, patch }: UpdateFlagsVariables,
) {
  return apiRequest(messagePaths.message(userIndex, mailboxId, messageId), {
    method: 'PATCH',
    body: patch,
    schema: MessageFlagsResponse,
  });
}

/**
 * Optimistic flag change (conventions §7): snapshot the list and the message, patch both and the folder's unseen
 * count, roll all back if the request fails, and re-read the counts once a seen change settles. The PATCH sets
 * absolute values, so sending it again is harmless: it takes the query retry schedule (spec §9) before giving up.
 */
export function useUpdateMessageFlags(userIndex: number, mailboxId: string, counts?: FolderCountEffects) {
  const queryClient = useQueryClient();
  return useMutation({
    ...idempotentMutationRetry,
    mutationFn: (variables: UpdateFlagsVariables) => updateMessageFlags(userIndex, mailboxId, variables),
    onMutate: async ({ messageId, patch }) => {
      const listKey = messagesKeys.list(userIndex, mailboxId);
      const detailKey = messagesKeys.detail(userIndex, mailboxId, messageId);
      await Promise.all([
        queryClient.cancelQueries({ queryKey: listKey }),
        queryClient.cancelQueries({ queryKey: detailKey }),
      ]);
      const list = queryClient.getQueryData<InfiniteData<MessageListResponse>>(listKey);
      const detail = queryClient.getQueryData<MessageDetail>(detailKey);
      const wasSeen = detail?.seen ?? findInList(list, messageId)?.seen;

      queryClient.setQueryData(listKey, patchListFlags(list, messageId, patch));
      queryClient.setQueryData(detailKey, patchDetailFlags(detail, patch));
      let delta = 0;
      if (patch.seen !== undefined && wasSeen !== undefined && patch.seen !== wasSeen)
        delta = patch.seen ? -1 : 1;
      const undoCounts = counts?.adjustUnseen(mailboxId, delta) ?? (() => {});

      return { listKey, detailKey, list, detail, undoCounts };
    },
    onError: (_error, _variables, context) => {
      if (!context) return;
      queryClient.setQueryData(context.listKey, context.list);
      queryClient.setQueryData(context.detailKey, context.detail);
      context.undoCounts();
    },
    onSettled: (_data, _error, { patch }) => {
      if (patch.seen !== undefined) counts?.refresh();
    },
  });
}
