import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/msw-server';
import { configureApiClient } from './api-client';
import { mailbox, resetApiClient, slow, unauthorized } from './api-client.testing';
import { callApi } from './call-api';
import { earlyRequestsKey } from './early-requests';

afterEach(() => {
  resetApiClient();
  delete window[earlyRequestsKey];
});

/** Counts what reaches the server for the tree of user 0, answering `answer`. */
function serveTree(answer: () => Response) {
  const reached = { count: 0 };
  server.use(
    http.get('/api/u/0/mailbox', () => {
      reached.count += 1;
      return answer();
    }),
  );
  return reached;
}

describe('the answers the start script asked for before the app ran', () => {
  it('are taken instead of a request, once', async () => {
    const reached = serveTree(() => HttpResponse.json({ from: 'server' }));
    window[earlyRequestsKey] = {
      '/api/u/0/mailbox': Promise.resolve(Response.json({ from: 'start script' })),
    };

    await expect(callApi(mailbox, { params: { userIndex: 0 } })).resolves.toEqual({ from: 'start script' });
    expect(reached.count).toBe(0);
    await expect(callApi(mailbox, { params: { userIndex: 0 } })).resolves.toEqual({ from: 'server' });
    expect(reached.count).toBe(1);
  });

  it('are left where they failed: an expired token or no answer, and the app sends its own request', async () => {
    const reached = serveTree(() => HttpResponse.json({ from: 'server' }));
    const onSessionExpired = vi.fn();
    configureApiClient({ onSessionExpired });
    window[earlyRequestsKey] = {
      '/api/u/0/mailbox': Promise.resolve(unauthorized()),
    };
    await expect(callApi(mailbox, { params: { userIndex: 0 } })).resolves.toEqual({ from: 'server' });

    window[earlyRequestsKey] = { '/api/u/0/mailbox': Promise.reject(new TypeError('Failed to fetch')) };
    await expect(callApi(mailbox, { params: { userIndex: 0 } })).resolves.toEqual({ from: 'server' });
    expect(reached.count).toBe(2);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('are waited for no longer than the call’s own timeout', async () => {
    let reached = false;
    server.use(
      http.get('/api/slow', () => {
        reached = true;
        return HttpResponse.json({ from: 'server' });
      }),
    );
    window[earlyRequestsKey] = { '/api/slow': new Promise<Response>(() => {}) };

    await expect(callApi(slow, {})).rejects.toMatchObject({ code: 'Timeout' });
    expect(reached).toBe(false);
  });
});
