import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { contactsEndpoints, type ContactMassAction } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { refreshContacts } from './contacts.cache';
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

/** POST /contacts (new) or PATCH /contacts/{id} (sent as POST with the override), multipart with the avatar. */
export function useSaveContact(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id: string | null; form: FormData }) =>
      id
        ? callApi(contactsEndpoints.updateContact, { params: { userIndex, id }, body: form })
        : callApi(contactsEndpoints.createContact, { params: { userIndex }, body: form }),
    meta: { errorSnackbar: false },
    onSuccess: () => refreshContacts(queryClient, userIndex),
  });
}

/** DELETE /contacts/{id}. */
export function useDeleteContact(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(contactsEndpoints.deleteContact, { params: { userIndex, id } }),
    onSuccess: () => refreshContacts(queryClient, userIndex),
  });
}

/** POST /contacts/massAction: delete, move to a book, add to or remove from a group. */
export function useContactsMassAction(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactMassAction) =>
      callApi(contactsEndpoints.massAction, { params: { userIndex }, body }),
    onSuccess: () => refreshContacts(queryClient, userIndex),
  });
}
