import { useMutation } from '@tanstack/react-query';
import { authEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { browserWindow } from '../../../shared/browser/browser-window';
import { useSessionEvents } from '../../../shared/session/session-events';

/**
 * Device logout: every account of this device is signed out and forgotten. The server offers it twice:
 * `POST /auth/logoutAll` (the account menu's "sign out of all accounts") and `DELETE /auth/removeDeviceUsers`
 * (the user-select page's "remove all accounts"); both answer `{accounts: []}`.
 */
export type ForgetDeviceCall = 'logoutAll' | 'removeDeviceUsers';

export function forgetDevice(call: ForgetDeviceCall) {
  return callApi(authEndpoints[call], {});
}

export function useForgetDevice() {
  const session = useSessionEvents();
  return useMutation({
    mutationFn: forgetDevice,
    onSuccess: (response) => {
      session.signedOut({ kind: 'device' });
      // Accounts single sign-on signed in among them: the provider's session ends too (RP-initiated logout).
      if (response.endSessionUrl) browserWindow.assign(response.endSessionUrl);
    },
  });
}
