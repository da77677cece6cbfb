import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactsEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { refreshContacts } from './contacts.cache';

/** POST …/addressbooks {name}; the form shows its own errors. */
export function useCreateAddressBook(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      callApi(contactsEndpoints.createAddressBook, { params: { userIndex }, body: { name } }),
    meta: { errorSnackbar: false },
    onSuccess: () => refreshContacts(queryClient, userIndex),
  });
}
