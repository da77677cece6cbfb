import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsEndpoints, type UserDetailsPatch } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { authKeys } from '../../auth/api/auth.keys';
import { settingsKeys } from './settings.keys';

/**
 * PATCH /api/u/{i}/details: the answer replaces the cached details; the signed-in account's name (account menu,
 * composer From) is read again. The caller shows what failed (the form keeps what was typed).
 */
export function useUpdateUserDetails(userIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserDetailsPatch) =>
      callApi(settingsEndpoints.updateDetails, { params: { userIndex }, body }),
    meta: { errorSnackbar: false },
    onSuccess: (details) => {
      queryClient.setQueryData(settingsKeys.details(userIndex), details);
      void queryClient.invalidateQueries({ queryKey: authKeys.me(userIndex) });
    },
  });
}
