import { useQuery } from '@tanstack/react-query';
import { systemEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { authKeys } from './auth.keys';

export interface SignInOptions {
  /** The identity provider's name when single sign-on is set up, else null. */
  singleSignOn: string | null;
  /** Whether the e-mail and password form is offered. */
  password: boolean;
}

/**
 * GET /api/ → how one signs in here. If the check fails the password form serves: a user must never be locked
 * out of signing in by this lookup.
 */
export async function fetchSignInOptions(): Promise<SignInOptions> {
  try {
    const health = await callApi(systemEndpoints.health, {});
    return { singleSignOn: health.oidc?.name ?? null, password: health.passwordSignIn !== false };
  } catch {
    return { singleSignOn: null, password: true };
  }
}

export function useSignInOptions() {
  return useQuery({
    queryKey: [...authKeys.all, 'signInOptions'],
    queryFn: fetchSignInOptions,
    staleTime: Infinity,
  });
}
