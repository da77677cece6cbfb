import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactsEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
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
