import { authEndpoints } from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../test/cookies';
import { server } from '../../test/msw-server';
import { configureApiClient } from './api-client';
import { gate, inboxMessages, mailbox, me, resetApiClient, unauthorized } from './api-client.testing';
import { ApiRequestError } from './api-request-error';
import { callApi } from './call-api';

afterEach(resetApiClient);

/** A 401 renews the session once (POST /auth/refresh) for every call in flight, then retries them. */
describe('callApi when the session expires', () => {
  it('on a 401 refreshes the session once for three calls in flight and all three succeed', async () => {
    const onSessionExpired = vi.fn();
    configureApiClient({ onSessionExpired });
    let refreshed = false;
    let refreshCalls = 0;
    server.use(
      http.post('/api/auth/refresh', ({ request }) => {
        refreshCalls += 1;
        expect(new URL(request.url).searchParams.get('userIndex')).toBe('1');
        refreshed = true;
        return HttpResponse.json({ ok: true });
      }),
      http.get('/api/u/1/mailbox', () => (refreshed ? HttpResponse.json({ mailboxes: [] }) : unauthorized())),
    );

    const results = await Promise.all([
      callApi(mailbox, { params: { userIndex: 1 } }),
      callApi(mailbox, { params: { userIndex: 1 } }),
      callApi(mailbox, { params: { userIndex: 1 } }),
    ]);

    expect(results).toEqual([{ mailboxes: [] }, { mailboxes: [] }, { mailboxes: [] }]);
    expect(refreshCalls).toBe(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('tries a refresh the server could not serve (503) again after its Retry-After, and stays signed in', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const onSessionExpired = vi.fn();
    configureApiClient({ onSessionExpired });
    const refreshAt: number[] = [];
    // vi.waitFor would move the fake clock itself: each try is awaited through a gate instead.
    const tries = [gate(), gate(), gate()];
    let refreshed = false;
    server.use(
      http.post('/api/auth/refresh', () => {
        tries[refreshAt.length]?.open();
        refreshAt.push(Date.now());
        if (refreshAt.length < 3) {
          return HttpResponse.json(
            { code: 'ServiceUnavailable', message: 'busy' },
            { status: 503, headers: { 'Retry-After': '2' } },
          );
        }
        refreshed = true;
        return HttpResponse.json({ ok: true });
      }),
      http.get('/api/u/3/mailbox', () => (refreshed ? HttpResponse.json({ mailboxes: [] }) : unauthorized())),
    );
    try {
      const call = callApi(mailbox, { params: { userIndex: 3 } });
      await tries[0]!.opened;
      await vi.advanceTimersByTimeAsync(1999);
      expect(refreshAt).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      await tries[1]!.opened;
      await vi.advanceTimersByTimeAsync(2000);
      await tries[2]!.opened;
      expect(await call).toEqual({ mailboxes: [] });
      expect(refreshAt).toHaveLength(3);
      expect(onSessionExpired).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    [503, 'ServiceUnavailable'],
    [500, 'Internal'],
    [429, 'RateLimited'],
  ])('a refresh answered %i fails the call with that error, not with a sign-out', async (status, code) => {
    const onSessionExpired = vi.fn();
    configureApiClient({ onSessionExpired });
    let refreshCalls = 0;
    server.use(
      http.post('/api/auth/refresh', () => {
        refreshCalls += 1;
        return HttpResponse.json({ code, message: 'no' }, { status, headers: { 'Retry-After': '0' } });
      }),
      http.get('/api/u/4/mailbox', () => unauthorized()),
    );
    const error = await callApi(mailbox, { params: { userIndex: 4 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(status);
    expect((error as ApiRequestError).code).toBe(code);
    expect(refreshCalls).toBe(status === 503 ? 3 : 1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('holds back calls that start while a refresh is in flight until it is done', async () => {
    const refreshGate = gate();
    const log: string[] = [];
    let refreshed = false;
    server.use(
      http.post('/api/auth/refresh', async () => {
        log.push('refresh started');
        await refreshGate.opened;
        refreshed = true;
        log.push('refresh done');
        return HttpResponse.json({ ok: true });
      }),
      http.get('/api/u/0/mailbox', () => {
        log.push(`mailbox ${refreshed ? 'new token' : 'old token'}`);
        return refreshed ? HttpResponse.json({ mailboxes: [] }) : unauthorized();
      }),
      http.get('/api/auth/me', ({ request }) => {
        log.push(`me ${new URL(request.url).searchParams.get('userIndex')} ${refreshed ? 'new' : 'old'}`);
        return HttpResponse.json({ id: 'u', email: 'a@b.c', name: 'A', twoFactor: [] });
      }),
    );

    const first = callApi(mailbox, { params: { userIndex: 0 } });
    await vi.waitFor(() => expect(log).toContain('refresh started'));
    const during = callApi(me, { query: { userIndex: 0 } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(log).toEqual(['mailbox old token', 'refresh started']);

    refreshGate.open();
    await Promise.all([first, during]);

    expect(log).toEqual([
      'mailbox old token',
      'refresh started',
      'refresh done',
      'mailbox new token',
      'me 0 new',
    ]);
  });

  it('when the refresh is refused: reports the ended session once and fails every waiting call', async () => {
    const onSessionExpired = vi.fn();
    configureApiClient({ onSessionExpired });
    const refreshGate = gate();
    let refreshCalls = 0;
    let laterCallSent = false;
    server.use(
      http.post('/api/auth/refresh', async () => {
        refreshCalls += 1;
        await refreshGate.opened;
        return unauthorized();
      }),
      http.get('/api/u/0/mailbox', unauthorized),
      http.get('/api/u/0/mailbox/INBOX/messages', () => {
        laterCallSent = true;
        return HttpResponse.json({});
      }),
    );

    const first = callApi(mailbox, { params: { userIndex: 0 } }).catch((error: unknown) => error);
    const second = callApi(mailbox, { params: { userIndex: 0 } }).catch((error: unknown) => error);
    await vi.waitFor(() => expect(refreshCalls).toBe(1));
    const later = callApi(inboxMessages, { params: { userIndex: 0 } }).catch((error: unknown) => error);
    refreshGate.open();

    for (const result of await Promise.all([first, second, later])) {
      expect(result).toBeInstanceOf(ApiRequestError);
      expect(result).toMatchObject({ status: 401 });
    }
    expect(refreshCalls).toBe(1);
    expect(laterCallSent).toBe(false);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).toHaveBeenCalledWith(0);
  });

  it('renews a stale XSRF cookie for the refresh call too', async () => {
    let refreshAttempts = 0;
    let refreshed = false;
    server.use(
      http.get('/api/', () => {
        setCookie('XSRF-TOKEN', 'fresh');
        return HttpResponse.json({ ok: true, name: 'webmail', version: '0', authAppUrl: null });
      }),
      http.post('/api/auth/refresh', ({ request }) => {
        refreshAttempts += 1;
        if (request.headers.get('x-xsrf-token') !== 'fresh')
          return HttpResponse.json({ code: 'XsrfMismatch', message: 'no' }, { status: 419 });
        refreshed = true;
        return HttpResponse.json({ ok: true });
      }),
      http.get('/api/u/0/mailbox', () => (refreshed ? HttpResponse.json({ mailboxes: [] }) : unauthorized())),
    );

    await expect(callApi(mailbox, { params: { userIndex: 0 } })).resolves.toEqual({ mailboxes: [] });
    expect(refreshAttempts).toBe(2);
  });

  it('does not sign out when the refresh could not reach the server', async () => {
    const onSessionExpired = vi.fn();
    configureApiClient({ onSessionExpired });
    server.use(
      http.post('/api/auth/refresh', () => HttpResponse.error()),
      http.get('/api/u/0/mailbox', unauthorized),
    );

    await expect(callApi(mailbox, { params: { userIndex: 0 } })).rejects.toMatchObject({
      status: 0,
      code: 'NetworkError',
    });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('never refreshes on the sign-in pages, nor for the refresh and logout calls', async () => {
    const onSessionExpired = vi.fn();
    let refreshCalls = 0;
    server.use(
      http.post('/api/auth/refresh', () => {
        refreshCalls += 1;
        return unauthorized();
      }),
      http.post('/api/auth/logout', unauthorized),
      http.get('/api/u/0/mailbox', unauthorized),
    );

    configureApiClient({ onSessionExpired, handlesUnauthorized: () => false });
    await expect(callApi(mailbox, { params: { userIndex: 0 } })).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls).toBe(0);
    expect(onSessionExpired).not.toHaveBeenCalled();

    configureApiClient({ handlesUnauthorized: () => true });
    await expect(callApi(authEndpoints.logout, { query: { userIndex: 0 } })).rejects.toMatchObject({
      status: 401,
    });
    await expect(callApi(authEndpoints.refresh, { query: { userIndex: 0 } })).rejects.toMatchObject({
      status: 401,
    });
    expect(refreshCalls).toBe(1); // only the explicit call above, no refresh of the refresh
  });
});
