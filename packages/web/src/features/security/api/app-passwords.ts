import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { securityEndpoints, type ApplicationPasswordCreate } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { securityKeys } from './security.keys';

/** GET /api/u/{i}/security/asps: the application passwords with their last use. */
export function appPasswordsQueryOptions(userIndex: number) {
  return queryOptions({
    queryKey: securityKeys.appPasswords(userIndex),
    queryFn: ({ signal }) =>
      callApi(securityEndpoints.applicationPasswords, { params: { userIndex } }, { signal }),
  });
}

export const useAppPasswords = (userIndex: number) => useQuery(appPasswordsQueryOptions(userIndex));

/** POST …/asps: answers the password once; the list is re-read (it never holds the password). */
export function useCreateAppPassword(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplicationPasswordCreate) =>
      callApi(securityEndpoints.createApplicationPassword, { params: { userIndex }, body }),
    meta: { errorSnackbar: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.appPasswords(userIndex) }),
  });
}

export function useDeleteAppPassword(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callApi(securityEndpoints.deleteApplicationPassword, { params: { userIndex, id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.appPasswords(userIndex) }),
  });
}
