import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactsEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { refreshContacts } from './contacts.cache';

/** PATCH …/addressbooks/{id} {name}. */
export function useRenameAddressBook(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      callApi(contactsEndpoints.updateAddressBook, { params: { userIndex, id }, body: { name } }),
    meta: { errorSnackbar: false },
    onSuccess: () => refreshContacts(queryClient, userIndex),
  });
}
