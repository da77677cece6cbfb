import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { settingsEndpoints, type UserConfigPatch } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { settingsKeys } from './settings.keys';

/** GET /api/u/{i}/config: the configuration store (the interface language). */
export function userConfigQueryOptions(userIndex: number) {
  return queryOptions({
    queryKey: settingsKeys.config(userIndex),
    queryFn: ({ signal }) => callApi(settingsEndpoints.config, { params: { userIndex } }, { signal }),
  });
}

export const useUserConfig = (userIndex: number) => useQuery(userConfigQueryOptions(userIndex));

/** PATCH …/config: the answer replaces the cache. The caller rolls back what it applied when it fails. */
export function useUpdateUserConfig(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserConfigPatch) =>
      callApi(settingsEndpoints.updateConfig, { params: { userIndex }, body }),
    meta: { errorSnackbar: false },
    onSuccess: (config) => queryClient.setQueryData(settingsKeys.config(userIndex), config),
  });
}
