import { limits } from '@webmail/contracts';
import { isApiRequestError } from './api-request-error';

/**
 * Never retry 401 (the client already refreshed once), 404 and 422 (the answer will not change).
 * 403 and a contract mismatch (`InvalidResponse`) will not heal by retrying either. 419 is retried inside the
 * API client itself, after renewing the XSRF cookie, so a 419 reaching this point is final as well.
 */
const finalStatuses: ReadonlySet<number> = new Set([401, 403, 404, 419, 422]);

/** Whether an error may go away by sending the same request again (network, timeout, 5xx, 429). */
export function isRetryableError(error: unknown): boolean {
  if (!isApiRequestError(error)) return false;
  if (finalStatuses.has(error.status)) return false;
  // Offline: nothing was sent; the user repeats it once back online (the banner says when).
  return error.code !== 'InvalidResponse' && error.code !== 'Offline';
}

/**
 * TanStack Query's `retry`: up to 3 retries. TanStack passes the number of retries already made
 * (0 after the first failure). The token refresh call is never retried: the API client makes it itself, outside
 * any query, exactly once per 401.
 */
export function shouldRetryRequest(retriesSoFar: number, error: unknown): boolean {
  return retriesSoFar < limits.retryCount && isRetryableError(error);
}

/**
 * TanStack Query's `retryDelay`: exponential backoff from 1000 ms, capped at 30000 ms.
 * Before the 1st retry 1 s, the 2nd 2 s, the 3rd 4 s; from the 6th on (if a caller allows that many) 30 s.
 */
export function retryDelayMs(retriesSoFar: number): number {
  return Math.min(limits.retryBaseMs * 2 ** Math.max(0, retriesSoFar), limits.retryMaxMs);
}

/**
 * Mutations are not retried by default: sending "move" or "send" twice may do the work twice. A mutation whose
 * request sets absolute values (PATCH {seen: true}) is idempotent and may spread this into its options.
 */
export const idempotentMutationRetry = { retry: shouldRetryRequest, retryDelay: retryDelayMs } as const;
