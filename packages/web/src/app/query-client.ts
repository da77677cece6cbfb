import { QueryClient } from '@tanstack/react-query';
import { limits } from '@webmail/contracts';
import { isApiRequestError } from '../shared/api/api-request-error';

/** Spec §9: never retry 401, 404 or 422; a contract mismatch will not heal by retrying either. */
const noRetryStatuses = new Set([401, 403, 404, 422]);

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= limits.retryCount) return false;
  if (isApiRequestError(error)) {
    if (noRetryStatuses.has(error.status) || error.code === 'InvalidResponse') return false;
  }
  return true;
}

/** Spec §9: exponential backoff from 1000 ms, capped at 30000 ms. */
export function retryDelay(attempt: number): number {
  return Math.min(limits.retryBaseMs * 2 ** attempt, limits.retryMaxMs);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: limits.queryCacheMs,
        staleTime: 30_000,
        retry: shouldRetry,
        retryDelay,
      },
      mutations: { retry: false },
    },
  });
}
