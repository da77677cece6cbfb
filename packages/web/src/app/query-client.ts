import { MutationCache, QueryClient } from '@tanstack/react-query';
import { limits } from '@webmail/contracts';
import { offlineError } from '../shared/api/api-client';
import { retryDelayMs, shouldRetryRequest } from '../shared/api/retry-policy';
import { isOffline } from '../shared/network/connectivity';

/**
 * Runs before a mutation's own `onMutate`: while offline the mutation fails at once with the `Offline` error
 * (the snackbar says 'you are offline'), before any optimistic change shows on screen, instead of being paused
 * and sent when the network returns — a queued move or send the user no longer sees would surprise them.
 */
export function refuseWhileOffline(): void {
  if (isOffline()) throw offlineError();
}

/** The mutation cache of every query client, the tests' included: offline mutations are refused. */
export function createMutationCache(): MutationCache {
  return new MutationCache({ onMutate: refuseWhileOffline });
}

/**
 * Queries: cached 24 h, retried on a fixed schedule (`shared/api/retry-policy.ts`); offline they pause and
 * resume when the server can be reached (TanStack's `onlineManager`, fed by `shared/network/connectivity.ts`).
 * Mutations: not retried automatically — repeating "move" or "send" could do the work twice. An idempotent
 * mutation opts in with `idempotentMutationRetry`; any failed mutation offers a Retry action in its snackbar.
 * They never pause (`networkMode: 'always'`): offline they are refused (`refuseWhileOffline`), not queued.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: createMutationCache(),
    defaultOptions: {
      queries: {
        gcTime: limits.queryCacheMs,
        staleTime: 30_000,
        retry: shouldRetryRequest,
        retryDelay: retryDelayMs,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
