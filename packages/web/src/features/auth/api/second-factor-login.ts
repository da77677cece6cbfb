import { useMutation } from '@tanstack/react-query';
import { startAuthentication } from '@simplewebauthn/browser';
import { authEndpoints, type LoginResponse } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { useSessionEvents } from '../../../shared/session/session-events';

const noRedirect = { redirectOnUnauthorized: false } as const;

/** POST /api/auth/2fa {id, code}: finishes a pending sign-in with an authenticator or recovery code. */
export function useSecondFactorCode() {
  const session = useSessionEvents();
  return useMutation({
    mutationFn: (body: { id: string; code: string }) =>
      callApi(authEndpoints.secondFactor, { body }, noRedirect),
    meta: { errorSnackbar: false },
    onSuccess: (response: LoginResponse) => session.signedIn(response.userIndex),
  });
}

/**
 * The passkey step: request options for the pending sign-in (POST /api/auth/2fa/webauthn/options), the browser's
 * ceremony (SimpleWebAuthn), then POST /api/auth/2fa/webauthn with its answer.
 */
export function usePasskeySignIn() {
  const session = useSessionEvents();
  return useMutation({
    mutationFn: async (id: string) => {
      const { options } = await callApi(authEndpoints.webauthnOptions, { body: { id } }, noRedirect);
      const response = await startAuthentication({ optionsJSON: options });
      return callApi(authEndpoints.webauthn, { body: { id, response } }, noRedirect);
    },
    meta: { errorSnackbar: false },
    onSuccess: (response: LoginResponse) => session.signedIn(response.userIndex),
  });
}
