import { useMutation } from '@tanstack/react-query';
import { authEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { useSessionEvents } from '../../../shared/session/session-events';

/**
 * POST /api/auth/logout?userIndex=N — user logout: the session ends, the account stays on this device's list
 * (then the user-select page). The account menu's "sign out" is the device-user logout instead
 * (accounts feature); this one is for callers that keep the account, like the server's logout event.
 */
export function logout(userIndex: number) {
  return callApi(authEndpoints.logout, { query: { userIndex } });
}

export function useLogout() {
  const session = useSessionEvents();
  return useMutation({
    mutationFn: logout,
    onSuccess: (_response, userIndex) => session.signedOut({ kind: 'user', userIndex }),
  });
}
