import { useEffect, useState } from 'react';
import { systemEndpoints } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';

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

/**
 * The options, fetched once per mount; undefined until they arrive. Not in the query cache: they belong to no
 * account, and a sign-out leaves that cache holding only the device's account list.
 */
export function useSignInOptions(): SignInOptions | undefined {
  const [options, setOptions] = useState<SignInOptions>();
  useEffect(() => {
    let live = true;
    void fetchSignInOptions().then((value) => {
      if (live) setOptions(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return options;
}
