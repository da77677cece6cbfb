import type { QueryClient } from '@tanstack/react-query';
import { configureApiClient } from '../shared/api/api-client';
import { signInPath } from '../shared/session/session';

interface NavigatingRouter {
  state: { location: { pathname: string } };
  navigate: (to: string, options?: { replace?: boolean }) => unknown;
}

/**
 * Spec §8: a 401 that survives the API client's one token refresh sends the user to the password sign-in
 * with reason apiRequestUnauthorized.
 * On the sign-in pages a 401 belongs to the form, so nothing happens there.
 */
export function redirectOnUnauthorized(router: NavigatingRouter, queryClient: QueryClient): void {
  configureApiClient({
    onUnauthorized: () => {
      if (!router.state.location.pathname.startsWith('/u/')) return;
      queryClient.cancelQueries().catch(() => undefined);
      void router.navigate(signInPath('apiRequestUnauthorized'), { replace: true });
    },
  });
}
