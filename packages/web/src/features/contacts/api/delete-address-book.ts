import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactsEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { refreshContacts } from './contacts.cache';

/** DELETE …/addressbooks/{id}: the book with every contact in it. */
export function useDeleteAddressBook(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(contactsEndpoints.deleteAddressBook, { params: { userIndex, id } }),
    onSuccess: () => refreshContacts(queryClient, userIndex),
  });
}
