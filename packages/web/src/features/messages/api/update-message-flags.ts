import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messagesEndpoints, type MassActionName, type MessageDetail } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { idempotentMutationRetry } from '../../../shared/api/retry-policy';
import { adjustUnseen, refreshTree } from '../../mailboxes/api/mailboxes.cache';
import { findInList, patchDetailFlags, type FlagsPatch } from '../lib/message-cache';
import { patchList, type ListData } from '../lib/list-patch';
import { messagesKeys } from './messages.keys';

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
  return callApi(messagesEndpoints.updateFlags, { params: { userIndex, mailboxId, messageId }, body: patch });
}

/** The patch as the list effects of README.md (so conversation rows follow too). */
function patchListsFor(data: ListData | undefined, messageId: number, patch: FlagsPatch) {
  const scope = new Set([messageId]);
  const steps: MassActionName[] = [];
  if (patch.seen !== undefined) steps.push(patch.seen ? 'seen' : 'unseen');
  if (patch.flagged !== undefined) steps.push(patch.flagged ? 'flagged' : 'unflag');
  return steps.reduce((current, action) => patchList(current, action, scope), data);
}

/**
 * Optimistic flag change: snapshot the folder's lists (both modes) and the message, patch them
 * and the folder's unseen count, roll all back if the request fails, and re-read the counts once a seen change
 * settles. The PATCH sets absolute values, so sending it again is harmless: it takes the query retry schedule
 * before giving up.
 */
export function useUpdateMessageFlags(userIndex: number, mailboxId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...idempotentMutationRetry,
    mutationKey: messagesKeys.changes(userIndex),
    mutationFn: (variables: UpdateFlagsVariables) => updateMessageFlags(userIndex, mailboxId, variables),
    onMutate: async ({ messageId, patch }) => {
      const listsKey = messagesKeys.folderLists(userIndex, mailboxId);
      const detailKey = messagesKeys.detail(userIndex, mailboxId, messageId);
      await Promise.all([
        queryClient.cancelQueries({ queryKey: listsKey }),
        queryClient.cancelQueries({ queryKey: detailKey }),
      ]);
      const lists = queryClient.getQueriesData<ListData>({ queryKey: listsKey });
      const detail = queryClient.getQueryData<MessageDetail>(detailKey);
      const messagesList = queryClient.getQueryData<ListData>(
        messagesKeys.list(userIndex, mailboxId, 'messages'),
      );
      const wasSeen = detail?.seen ?? findInList(messagesList, messageId)?.seen;

      for (const [key, data] of lists) queryClient.setQueryData(key, patchListsFor(data, messageId, patch));
      queryClient.setQueryData(detailKey, patchDetailFlags(detail, patch));
      let delta = 0;
      if (patch.seen !== undefined && wasSeen !== undefined && patch.seen !== wasSeen)
        delta = patch.seen ? -1 : 1;
      const undoCounts = adjustUnseen(queryClient, userIndex, mailboxId, delta);

      return { lists, detailKey, detail, undoCounts };
    },
    onError: (_error, _variables, context) => {
      if (!context) return;
      for (const [key, data] of context.lists) queryClient.setQueryData(key, data);
      queryClient.setQueryData(context.detailKey, context.detail);
      context.undoCounts();
    },
    onSettled: (_data, _error, { patch }) => {
      if (patch.seen !== undefined) void refreshTree(queryClient, userIndex);
    },
  });
}
