import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { contactsEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { contactsKeys } from './contacts.keys';

export interface ContactFilter {
  query: string;
  addressBookId?: string;
  groupId?: string;
}

const pageSize = 100;

/** GET /api/u/{i}/contacts: pages of 100 contacts sorted by name, searched by name, address or organisation. */
export function contactListQueryOptions(userIndex: number, filter: ContactFilter) {
  return infiniteQueryOptions({
    queryKey: contactsKeys.list(userIndex, filter),
    initialPageParam: 0,
    queryFn: ({ signal, pageParam }) =>
      callApi(
        contactsEndpoints.contacts,
        { params: { userIndex }, query: { ...filter, offset: pageParam, limit: pageSize } },
        { signal },
      ),
    getNextPageParam: (last) =>
      last.offset + last.contacts.length < last.total ? last.offset + last.limit : undefined,
  });
}

export function useContactList(userIndex: number, filter: ContactFilter, enabled = true) {
  return useInfiniteQuery({
    ...contactListQueryOptions(userIndex, filter),
    enabled,
    placeholderData: keepPreviousData,
  });
}
