import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactsEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { contactsKeys } from './contacts.keys';

/** GET /api/u/{i}/contacts/{id}. */
export function contactQueryOptions(userIndex: number, id: string) {
  return queryOptions({
    queryKey: contactsKeys.contact(userIndex, id),
    queryFn: ({ signal }) => callApi(contactsEndpoints.contact, { params: { userIndex, id } }, { signal }),
  });
}

export function useContact(userIndex: number, id: string | null) {
  return useQuery({ ...contactQueryOptions(userIndex, id ?? ''), enabled: id !== null });
}
