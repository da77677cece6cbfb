import { QueryClient } from '@tanstack/react-query';
import { limits } from '@webmail/contracts';
import { retryDelayMs, shouldRetryRequest } from '../shared/api/retry-policy';

/**
 * Queries: cached 24 h, retried on a fixed schedule (`shared/api/retry-policy.ts`).
 * Mutations: not retried automatically — repeating "move" or "send" could do the work twice. An idempotent
 * mutation opts in with `idempotentMutationRetry`; any failed mutation offers a Retry action in its snackbar.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: limits.queryCacheMs,
        staleTime: 30_000,
        retry: shouldRetryRequest,
        retryDelay: retryDelayMs,
      },
      mutations: { retry: false },
    },
  });
}
