import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contactLimits, contactsEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { refreshContacts } from './contacts.cache';
import { contactsKeys } from './contacts.keys';

/** GET /api/u/{i}/contacts/groups: every group (as many as one page holds), by name. */
export function groupsQueryOptions(userIndex: number) {
  return queryOptions({
    queryKey: contactsKeys.groups(userIndex),
    queryFn: ({ signal }) =>
      callApi(
        contactsEndpoints.groups,
        { params: { userIndex }, query: { limit: contactLimits.listLimitMax } },
        { signal },
      ).then((r) => r.groups),
  });
}

export function useGroups(userIndex: number, enabled = true) {
  return useQuery({ ...groupsQueryOptions(userIndex), enabled });
}

/** POST /contacts/groups or PATCH /contacts/groups/{id} (as POST with the override), multipart. */
export function useSaveGroup(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id: string | null; form: FormData }) =>
      id
        ? callApi(contactsEndpoints.updateGroup, { params: { userIndex, id }, body: form })
        : callApi(contactsEndpoints.createGroup, { params: { userIndex }, body: form }),
    meta: { errorSnackbar: false },
    onSuccess: () => refreshContacts(queryClient, userIndex),
  });
}

/** DELETE /contacts/groups/{id} (its members stay). */
export function useDeleteGroup(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(contactsEndpoints.deleteGroup, { params: { userIndex, id } }),
    onSuccess: () => refreshContacts(queryClient, userIndex),
  });
}

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
