import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-request-error';
import { isRetryableError, retryDelayMs, shouldRetryRequest } from './retry-policy';

const failure = (status: number, code: ApiRequestError['code'] = 'Internal') =>
  new ApiRequestError(status, code, 'failed');

afterEach(() => vi.useRealTimers());

describe('retry policy', () => {
  it('waits 1 s, 2 s, 4 s … doubling from 1000 ms and never more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('retries at most 3 times', () => {
    const error = failure(503, 'MailServerUnavailable');
    expect([0, 1, 2, 3, 4].map((n) => shouldRetryRequest(n, error))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('never retries 401, 404 or 422, nor 403, a final 419 or a contract mismatch', () => {
    for (const status of [401, 403, 404, 419, 422]) {
      expect(shouldRetryRequest(0, failure(status)), String(status)).toBe(false);
    }
    expect(shouldRetryRequest(0, failure(200, 'InvalidResponse'))).toBe(false);
  });

  it('retries network failures, timeouts, 5xx and 429', () => {
    expect(isRetryableError(failure(0, 'NetworkError'))).toBe(true);
    expect(isRetryableError(failure(0, 'Timeout'))).toBe(true);
    expect(isRetryableError(failure(500))).toBe(true);
    expect(isRetryableError(failure(503, 'MailServerUnavailable'))).toBe(true);
    expect(isRetryableError(failure(429, 'RateLimited'))).toBe(true);
  });

  it('does not retry errors that are not API failures (a bug in the code will not heal)', () => {
    expect(shouldRetryRequest(0, new TypeError('x is undefined'))).toBe(false);
  });

  it('drives TanStack Query: 3 retries after 1 s, 2 s and 4 s, then the error', async () => {
    vi.useFakeTimers();
    const client = new QueryClient({
      defaultOptions: { queries: { retry: shouldRetryRequest, retryDelay: retryDelayMs } },
    });
    const attempts: number[] = [];
    const queryFn = () => {
      attempts.push(Date.now());
      return Promise.reject(failure(0, 'NetworkError'));
    };
    const start = Date.now();

    const result = client.fetchQuery({ queryKey: ['x'], queryFn }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(60_000);

    expect(await result).toMatchObject({ code: 'NetworkError' });
    expect(attempts.map((at) => at - start)).toEqual([0, 1000, 3000, 7000]);
  });

  it('gives up at once on a 404', async () => {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: shouldRetryRequest, retryDelay: retryDelayMs } },
    });
    let attempts = 0;
    const queryFn = () => {
      attempts += 1;
      return Promise.reject(failure(404, 'NotFound'));
    };

    await expect(client.fetchQuery({ queryKey: ['y'], queryFn })).rejects.toMatchObject({ status: 404 });
    expect(attempts).toBe(1);
  });
});
