import { useMutation } from '@tanstack/react-query';
import { authEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { browserWindow } from '../../../shared/browser/browser-window';
import { useSessionEvents } from '../../../shared/session/session-events';

/**
 * DELETE /api/auth/removeDeviceUser?index=N: device-user logout — the account is signed out and forgotten on this
 * device (works for a signed-out account too). Answers the accounts that remain.
 */
export function removeDeviceUser(index: number) {
  return callApi(authEndpoints.removeDeviceUser, { query: { index } });
}

/** The session rules (where to go, what to forget, telling other tabs) run in the mutation, so a Retry repeats them. */
export function useRemoveDeviceUser() {
  const session = useSessionEvents();
  return useMutation({
    mutationFn: removeDeviceUser,
    onSuccess: (response, index) => {
      session.signedOut({ kind: 'deviceUser', userIndex: index, remaining: response.accounts });
      // An account single sign-on signed in: its provider's session ends too (RP-initiated logout).
      if (response.endSessionUrl) browserWindow.assign(response.endSessionUrl);
    },
  });
}
