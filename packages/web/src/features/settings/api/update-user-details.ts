import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsEndpoints, type UserDetailsPatch } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { settingsKeys } from './settings.keys';

/** PATCH /api/u/{i}/details (name or preferences): the answer is the new details, written to the cache. */
export function useUpdateUserDetails(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: UserDetailsPatch) =>
      callApi(settingsEndpoints.updateDetails, { params: { userIndex }, body: patch }),
    onSuccess: (details) => queryClient.setQueryData(settingsKeys.details(userIndex), details),
  });
}
