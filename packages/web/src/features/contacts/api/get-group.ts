import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactsEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { contactsKeys } from './contacts.keys';

/** GET /contacts/groups/{id}. */
export function groupQueryOptions(userIndex: number, id: string) {
  return queryOptions({
    queryKey: contactsKeys.group(userIndex, id),
    queryFn: ({ signal }) => callApi(contactsEndpoints.group, { params: { userIndex, id } }, { signal }),
  });
}

export function useGroup(userIndex: number, id: string) {
  return useQuery(groupQueryOptions(userIndex, id));
}
