import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startScript } from '../../../scripts/start-after-paint';
import { setCookie } from '../../test/cookies';
import { server } from '../../test/msw-server';
import { configureApiClient } from './api-client';
import { mailbox, resetApiClient, slow, unauthorized } from './api-client.testing';
import { callApi } from './call-api';
import { earlyRequestsKey } from './early-requests';

afterEach(() => {
  resetApiClient();
  delete window[earlyRequestsKey];
  delete (window as { webmailStarting?: boolean }).webmailStarting;
  document.head
    .querySelectorAll('[data-test-start], link[rel=modulepreload], script[type=module]')
    .forEach((node) => {
      node.remove();
    });
  window.history.replaceState(null, '', '/');
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

/** Runs the start script as a page's head would, on `path`. */
function runStartScript(path: string) {
  window.history.replaceState(null, '', path);
  const script = document.createElement('script');
  script.dataset.testStart = '';
  script.setAttribute('data-entry', '/assets/index.js');
  script.setAttribute('data-preloads', '/assets/framework.js');
  script.setAttribute('data-home-preloads', '/assets/mailbox.js /assets/mail-common.js');
  document.head.append(script);
  // jsdom runs no inline script: the text runs with the element as `document.currentScript`.
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
  try {
    new Function(startScript)();
  } finally {
    delete (document as { currentScript?: unknown }).currentScript;
  }
  const preloads = [...document.head.querySelectorAll('link[rel=modulepreload]')].map((link) =>
    link.getAttribute('href'),
  );
  return { preloads, requests: Object.keys(window[earlyRequestsKey] ?? {}) };
}

describe('the start script', () => {
  it('on a signed-in user’s home asks for the Inbox’s modules and the tree and settings of that user', async () => {
    server.use(
      http.get('/api/u/1/mailbox', () => HttpResponse.json({ mailboxes: [] })),
      http.get('/api/u/1/config', () => HttpResponse.json({})),
    );
    setCookie('wm_exp_1', '1');

    const started = runStartScript('/u/1/');

    expect(started.preloads).toEqual([
      '/assets/framework.js',
      '/assets/mailbox.js',
      '/assets/mail-common.js',
    ]);
    expect(started.requests).toEqual(['/api/u/1/mailbox', '/api/u/1/config']);
    await Promise.all(Object.values(window[earlyRequestsKey] ?? {}));
  });

  it.each([
    ['another user’s home', '/u/0'],
    ['a page other than the home', '/u/1/settings/general'],
    ['the sign-in page', '/login/password'],
  ])('asks for the page’s modules alone on %s', (_, path) => {
    setCookie('wm_exp_1', '1');

    const started = runStartScript(path);

    expect(started.preloads).toEqual(['/assets/framework.js']);
    expect(started.requests).toEqual([]);
  });
});
