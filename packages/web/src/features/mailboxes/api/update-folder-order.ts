import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailboxesEndpoints, type FolderOrderBody, type MailboxTreeResponse } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { idempotentMutationRetry } from '../../../shared/api/retry-policy';
import { applyFolderOrder } from '../lib/folder-order';
import { mailboxesKeys } from './mailboxes.keys';

/** PATCH /api/u/{i}/mailbox/folders/updateOrder {order: [ids…]} (spec §7). */
export function updateFolderOrder(userIndex: number, body: FolderOrderBody) {
  return callApi(mailboxesEndpoints.updateOrder, { params: { userIndex }, body });
}

/**
 * Optimistic reorder (conventions §7): the tree shows the new order at once and returns to the old one if the
 * request fails. The body is the whole order (absolute), so sending it again is harmless.
 */
export function useUpdateFolderOrder(userIndex: number) {
  const queryClient = useQueryClient();
  const key = mailboxesKeys.tree(userIndex);
  return useMutation({
    ...idempotentMutationRetry,
    mutationFn: (body: FolderOrderBody) => updateFolderOrder(userIndex, body),
    onMutate: async ({ order }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<MailboxTreeResponse>(key);
      if (previous) {
        queryClient.setQueryData<MailboxTreeResponse>(key, {
          ...previous,
          mailboxes: applyFolderOrder(previous.mailboxes, order),
        });
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
