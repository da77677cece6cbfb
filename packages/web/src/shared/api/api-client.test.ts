import { systemEndpoints } from '@webmail/contracts';
import { http, HttpResponse, delay } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../test/cookies';
import { server } from '../../test/msw-server';
import { configureApiClient } from './api-client';
import {
  getThings,
  list,
  postAuth,
  postThings,
  resetApiClient,
  slow,
  unauthorized,
  upload,
} from './api-client.testing';
import { ApiRequestError } from './api-request-error';
import { callApi } from './call-api';

afterEach(resetApiClient);

describe('callApi', () => {
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

    await callApi(postThings, { body: { a: 1 } });

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

    await expect(callApi(postAuth, { body: {} })).resolves.toEqual({ done: true });
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

    await expect(callApi(postAuth, { body: {} })).rejects.toMatchObject({ status: 419 });
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

    const error = await callApi(postAuth, { body: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 422, code: 'ValidationError', fieldErrors: { email: ['bad'] } });
  });

  it('reports a 401 of a call that names no account to the app, unless the caller handles it', async () => {
    const onSessionExpired = vi.fn();
    configureApiClient({ onSessionExpired });
    server.use(http.get('/api/things', unauthorized));

    await expect(callApi(getThings, {})).rejects.toMatchObject({ status: 401 });
    await expect(callApi(getThings, {}, { redirectOnUnauthorized: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).toHaveBeenCalledWith(undefined);
  });

  it('uploads a form with progress, with the XSRF header, renewing the session once on a 401', async () => {
    setCookie('XSRF-TOKEN', 'token-up');
    let refreshed = false;
    const seen: Array<string | null> = [];
    server.use(
      http.post('/api/auth/refresh', () => {
        refreshed = true;
        return HttpResponse.json({ ok: true });
      }),
      http.post('/api/u/2/compose/attachments', ({ request }) => {
        seen.push(request.headers.get('X-XSRF-TOKEN'));
        if (!refreshed) return unauthorized();
        return HttpResponse.json({ id: 'up-9', draftId: new URL(request.url).searchParams.get('draftId') });
      }),
    );
    const form = new FormData();
    form.append('file', new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    const progress: number[] = [];

    const result = await callApi(
      upload,
      { params: { userIndex: 2 }, query: { draftId: 'd-1' }, body: form },
      { onUploadProgress: (fraction) => progress.push(fraction) },
    );

    expect(result).toEqual({ id: 'up-9', draftId: 'd-1' });
    expect(seen).toEqual(['token-up', 'token-up']);
    expect(refreshed).toBe(true);
    expect(progress.every((fraction) => fraction >= 0 && fraction <= 1)).toBe(true);
  });

  it('times out', async () => {
    server.use(
      http.get('/api/slow', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );

    await expect(callApi(slow, {})).rejects.toMatchObject({
      status: 0,
      code: 'Timeout',
    });
  });

  it('rejects a response that breaks the contract', async () => {
    server.use(http.get('/api/', () => HttpResponse.json({ ok: 'yes' })));

    await expect(callApi(systemEndpoints.health, {})).rejects.toMatchObject({
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

    await callApi(list, { query: { offset: 50, limit: 50, empty: undefined } });

    expect(new URL(url).search).toBe('?offset=50&limit=50');
  });
});
