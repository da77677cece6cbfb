import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactsEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { refreshContacts } from './contacts.cache';

/** DELETE /contacts/{id}. */
export function useDeleteContact(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(contactsEndpoints.deleteContact, { params: { userIndex, id } }),
    onSuccess: () => refreshContacts(queryClient, userIndex),
  });
}
