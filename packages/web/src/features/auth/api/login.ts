import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type LoginRequest, type LoginStepResponse } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { useSessionEvents } from '../../../shared/session/session-events';
import { isSignedIn } from '../lib/after-sign-in';

/** POST /api/auth: verifies the password; signs in, or answers the pending sign-in of a second factor. */
export function login(body: LoginRequest): Promise<LoginStepResponse> {
  // A 401 here means wrong credentials and is shown in the form, not a lost session.
  return callApi(authEndpoints.login, { body }, { redirectOnUnauthorized: false });
}

/** Errors stay in the form (no snackbar). A sign-in is announced to the other tabs (`userLoggedIn`). */
export function useLogin() {
  const session = useSessionEvents();
  return useMutation({
    mutationFn: login,
    meta: { errorSnackbar: false },
    onSuccess: (response) => {
      if (isSignedIn(response)) session.signedIn(response.userIndex);
    },
  });
}
