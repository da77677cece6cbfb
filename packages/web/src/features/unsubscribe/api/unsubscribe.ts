import { useMutation, useQueryClient } from '@tanstack/react-query';
import { filterLimits, searchEndpoints, unsubscribeEndpoints, type FilterInput } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { invalidateMailboxes } from '../../messages/api/mass-action-cache';

/** POST …/messages/{id}/unsubscribe: the server posts, sends the mail, or answers the page to open. */
export function useUnsubscribe(userIndex: number) {
  return useMutation({
    mutationFn: ({ mailboxId, messageId }: { mailboxId: string; messageId: number }) =>
      callApi(unsubscribeEndpoints.unsubscribe, { params: { userIndex, mailboxId, messageId } }),
    meta: { errorSnackbar: false },
  });
}

/** The search that finds a sender's mail in the folders a search covers by default. */
export const senderSearch = (address: string) => `from:"${address.replace(/"/g, '')}"`;

/**
 * "Move their mail to Trash": the search mass action on every result of `from:"address"` (one SEARCH and one MOVE
 * per folder on the server); then every list and count showing mail is read again.
 */
export function useTrashSenderMail(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: string) =>
      callApi(searchEndpoints.massAction, {
        params: { userIndex },
        body: {
          context: 'searchAll',
          messages: [{ messageId: '*', mailboxId: '*' }],
          action: 'trash',
          search: senderSearch(address),
        },
      }),
    meta: { errorSnackbar: false },
    onSettled: () => invalidateMailboxes(queryClient, userIndex),
  });
}

/** "Block the sender": a filter sending their mail to Trash (saved with the filters' own `useSaveFilter`). */
export const blockSenderFilter = (address: string, name: string): FilterInput => ({
  name: name.slice(0, filterLimits.nameMaxLength),
  query: { from: address },
  action: { delete: true },
});
