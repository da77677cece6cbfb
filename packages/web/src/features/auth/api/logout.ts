import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OkResponse } from '@webmail/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** POST /api/auth/logout?userIndex=N: signs this user out of the device and clears their cookies. */
export function logout(userIndex: number) {
  return apiRequest('/auth/logout', {
    method: 'POST',
    query: { userIndex },
    schema: OkResponse,
    redirectOnUnauthorized: false,
  });
}

/**
 * Logs out, lets the caller leave the signed-in pages, then drops every cached query (spec §4: sign-out clears
 * cached data). Clearing only after leaving keeps mounted pages from refetching with the cookies gone.
 */
export function useLogout(leave: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      await leave();
      queryClient.clear();
    },
  });
}
