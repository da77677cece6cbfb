import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contactsEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { refreshContacts } from './contacts.cache';
import { contactsKeys } from './contacts.keys';

/** GET /api/u/{i}/contacts/addressbooks: the address books (the default "Personal" one first). */
export function addressBooksQueryOptions(userIndex: number) {
  return queryOptions({
    queryKey: contactsKeys.addressBooks(userIndex),
    queryFn: ({ signal }) =>
      callApi(contactsEndpoints.addressBooks, { params: { userIndex } }, { signal }).then(
        (r) => r.addressBooks,
      ),
  });
}

export function useAddressBooks(userIndex: number, enabled = true) {
  return useQuery({ ...addressBooksQueryOptions(userIndex), enabled });
}

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

/** DELETE …/addressbooks/{id}: the book with every contact in it. */
export function useDeleteAddressBook(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(contactsEndpoints.deleteAddressBook, { params: { userIndex, id } }),
    onSuccess: () => refreshContacts(queryClient, userIndex),
  });
}
