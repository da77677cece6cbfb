import { http, HttpResponse, delay } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../test/cookies';
import { server } from '../../test/msw-server';
import { apiRequest, configureApiClient } from './api-client';
import { ApiRequestError } from './api-request-error';

afterEach(() => configureApiClient({ getLanguage: () => 'fi', onUnauthorized: () => {} }));

describe('apiRequest', () => {
  it('sends the XSRF token from the cookie and the chosen language on every request', async () => {
    setCookie('XSRF-TOKEN', 'token-123');
    configureApiClient({ getLanguage: () => 'et' });
    let headers: Headers | undefined;
    server.use(
      http.post('/api/things', ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({ ok: true });
      }),
    );

    await apiRequest('/things', { method: 'POST', body: { a: 1 } });

    expect(headers?.get('x-xsrf-token')).toBe('token-123');
    expect(headers?.get('accept-language')).toBe('et');
    expect(headers?.get('content-type')).toBe('application/json');
  });

  it('on 419 refreshes the XSRF cookie with GET /api/ and retries once', async () => {
    const calls: string[] = [];
    let attempts = 0;
    server.use(
      http.get('/api/', () => {
        calls.push('GET /api/');
        setCookie('XSRF-TOKEN', 'fresh');
        return HttpResponse.json({ ok: true, name: 'webmail', version: '0' });
      }),
      http.post('/api/auth', ({ request }) => {
        attempts += 1;
        calls.push(`POST /api/auth ${request.headers.get('x-xsrf-token') ?? '-'}`);
        if (attempts === 1)
          return HttpResponse.json({ code: 'XsrfMismatch', message: 'no' }, { status: 419 });
        return HttpResponse.json({ done: true });
      }),
    );

    await expect(apiRequest('/auth', { method: 'POST', body: {} })).resolves.toEqual({ done: true });
    expect(calls).toEqual(['POST /api/auth -', 'GET /api/', 'POST /api/auth fresh']);
  });

  it('gives up after one retry when the server answers 419 again', async () => {
    let attempts = 0;
    server.use(
      http.get('/api/', () => HttpResponse.json({ ok: true, name: 'webmail', version: '0' })),
      http.post('/api/auth', () => {
        attempts += 1;
        return HttpResponse.json({ code: 'XsrfMismatch', message: 'no' }, { status: 419 });
      }),
    );

    await expect(apiRequest('/auth', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 419 });
    expect(attempts).toBe(2);
  });

  it('turns an error answer into ApiRequestError with the server body', async () => {
    server.use(
      http.post('/api/auth', () =>
        HttpResponse.json(
          { code: 'ValidationError', message: 'Invalid', errors: { email: ['bad'] } },
          { status: 422 },
        ),
      ),
    );

    const error = await apiRequest('/auth', { method: 'POST', body: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 422, code: 'ValidationError', fieldErrors: { email: ['bad'] } });
  });

  it('reports a 401 to the app unless the caller handles it itself', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    server.use(
      http.get('/api/auth/me', () =>
        HttpResponse.json({ code: 'Unauthorized', message: 'no' }, { status: 401 }),
      ),
    );

    await expect(apiRequest('/auth/me')).rejects.toMatchObject({ status: 401 });
    await expect(apiRequest('/auth/me', { redirectOnUnauthorized: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('on a 401 refreshes the session once for concurrent calls and retries them', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    let refreshed = false;
    let refreshCalls = 0;
    server.use(
      http.post('/api/auth/refresh', ({ request }) => {
        refreshCalls += 1;
        expect(new URL(request.url).searchParams.get('userIndex')).toBe('1');
        refreshed = true;
        return HttpResponse.json({ ok: true });
      }),
      http.get('/api/u/1/mailbox', () =>
        refreshed
          ? HttpResponse.json({ mailboxes: [] })
          : HttpResponse.json({ code: 'Unauthorized', message: 'expired' }, { status: 401 }),
      ),
    );

    const results = await Promise.all([apiRequest('/u/1/mailbox'), apiRequest('/u/1/mailbox')]);

    expect(results).toEqual([{ mailboxes: [] }, { mailboxes: [] }]);
    expect(refreshCalls).toBe(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('signs out when the refresh fails too', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    server.use(
      http.post('/api/auth/refresh', () =>
        HttpResponse.json({ code: 'Unauthorized', message: 'expired' }, { status: 401 }),
      ),
      http.get('/api/u/0/mailbox', () =>
        HttpResponse.json({ code: 'Unauthorized', message: 'expired' }, { status: 401 }),
      ),
    );

    await expect(apiRequest('/u/0/mailbox')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('times out', async () => {
    server.use(
      http.get('/api/slow', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );

    await expect(apiRequest('/slow', { timeoutMs: 30 })).rejects.toMatchObject({
      status: 0,
      code: 'Timeout',
    });
  });

  it('rejects a response that breaks the contract', async () => {
    const { HealthResponse } = await import('@webmail/contracts');
    server.use(http.get('/api/', () => HttpResponse.json({ ok: 'yes' })));

    await expect(apiRequest('/', { schema: HealthResponse })).rejects.toMatchObject({
      code: 'InvalidResponse',
    });
  });

  it('sends query values and skips empty ones', async () => {
    let url = '';
    server.use(
      http.get('/api/list', ({ request }) => {
        url = request.url;
        return HttpResponse.json({});
      }),
    );

    await apiRequest('/list', { query: { offset: 50, limit: 50, empty: undefined } });

    expect(new URL(url).search).toBe('?offset=50&limit=50');
  });
});
