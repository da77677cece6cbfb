import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailboxesEndpoints, type FolderOrderBody } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { idempotentMutationRetry } from '../../../shared/api/retry-policy';
import { cancelTreeFetch, refreshTree, reorderFolders } from './mailboxes.cache';

/** PATCH /api/u/{i}/mailbox/folders/updateOrder {order: [ids…]}. */
export function updateFolderOrder(userIndex: number, body: FolderOrderBody) {
  return callApi(mailboxesEndpoints.updateOrder, { params: { userIndex }, body });
}

/**
 * Optimistic reorder: the tree shows the new order at once and returns to the old one if the
 * request fails. The body is the whole order (absolute), so sending it again is harmless.
 */
export function useUpdateFolderOrder(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...idempotentMutationRetry,
    mutationFn: (body: FolderOrderBody) => updateFolderOrder(userIndex, body),
    onMutate: async ({ order }) => {
      await cancelTreeFetch(queryClient, userIndex);
      return { restore: reorderFolders(queryClient, userIndex, order) };
    },
    onError: (_error, _variables, context) => context?.restore(),
    onSettled: () => refreshTree(queryClient, userIndex),
  });
}
