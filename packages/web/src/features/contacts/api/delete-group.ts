import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactsEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { refreshContacts } from './contacts.cache';

/** DELETE /contacts/groups/{id} (its members stay). */
export function useDeleteGroup(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(contactsEndpoints.deleteGroup, { params: { userIndex, id } }),
    onSuccess: () => refreshContacts(queryClient, userIndex),
  });
}
