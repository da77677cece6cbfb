import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type LoginRequest, type LoginResponse } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { useSessionEvents } from '../../../shared/session/session-events';

/** POST /api/auth: verifies the password and signs the user in on this device. */
export function login(body: LoginRequest): Promise<LoginResponse> {
  // A 401 here means wrong credentials and is shown in the form, not a lost session.
  return callApi(authEndpoints.login, { body }, { redirectOnUnauthorized: false });
}

/** Errors stay in the form (no snackbar). A sign-in is announced to the other tabs (`userLoggedIn`). */
export function useLogin() {
  const session = useSessionEvents();
  return useMutation({
    mutationFn: login,
    meta: { errorSnackbar: false },
    onSuccess: (response) => session.signedIn(response.userIndex),
  });
}
