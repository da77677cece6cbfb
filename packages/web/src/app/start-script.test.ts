import { catalogueName, defaultUserConfig, systemEndpoints } from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startScript } from '../../scripts/start-after-paint';
import { listModeStorageKey } from '../features/messages/lib/list-request';
import { resetApiClient } from '../shared/api/api-client.testing';
import { callApi } from '../shared/api/call-api';
import { earlyRequestsKey } from '../shared/api/early-requests';
import { mailApi, signIn } from '../test/api-handlers.testing';
import { setCookie } from '../test/cookies';
import { sampleTree } from '../test/folder.testing';
import { server } from '../test/msw-server';
import { languageStorageKey } from './i18n/language-storage';
import { createQueryClient } from './query-client';
import { prefetchInboxList } from './routes/prefetch-user-pages-data';

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

/** Answers the catalogue of any language, recording the languages asked for (`reached`). */
function serveCatalogues() {
  const reached: string[] = [];
  return Object.assign(
    http.get('/api/translations/:lang/:catalogue', ({ params }) => {
      reached.push(String(params.lang));
      return HttpResponse.json({});
    }),
    { reached },
  );
}

describe('the start script', () => {
  it('on a signed-in user’s home asks for the Inbox’s modules, the catalogues and the tree and settings of that user', async () => {
    server.use(
      http.get('/api/u/1/mailbox', () => HttpResponse.json({ mailboxes: [] })),
      http.get('/api/u/1/config', () => HttpResponse.json({})),
      http.get('/api/u/1/details', () => HttpResponse.json({})),
      serveCatalogues(),
    );
    setCookie('wm_exp_1', '1');

    const started = runStartScript('/u/1/');

    expect(started.preloads).toEqual([
      '/assets/framework.js',
      '/assets/mailbox.js',
      '/assets/mail-common.js',
    ]);
    expect(started.requests).toEqual([
      '/api/translations/fi/root.webmail',
      '/api/translations/en/root.webmail',
      '/api/u/1/mailbox',
      '/api/u/1/config',
      '/api/u/1/details',
    ]);
    // Without an Inbox in the tree, no list is asked for.
    await Promise.all(Object.values(window[earlyRequestsKey] ?? {}));
    await new Promise((resolve) => setTimeout(resolve));
    expect(Object.keys(window[earlyRequestsKey] ?? {})).toHaveLength(5);
  });

  it('asks for the Inbox’s first page in the user’s mode and order once the tree and settings came, and the app takes it and the catalogues', async () => {
    signIn(0);
    window.localStorage.setItem(languageStorageKey, 'et');
    const config = {
      ...defaultUserConfig,
      listMode: 'conversations' as const,
      listSort: { field: 'subject' as const, order: 'asc' as const },
    };
    const api = mailApi({ tree: sampleTree(), messages: {}, config });
    const catalogues = serveCatalogues();
    server.use(catalogues, ...api.handlers);
    const list =
      '/api/u/0/mailbox/id-inbox/messages?offset=0&limit=50&mode=conversations&sort=subject&order=asc';

    const started = runStartScript('/u/0');
    expect(started.requests).toEqual([
      '/api/translations/et/root.webmail',
      '/api/translations/en/root.webmail',
      '/api/u/0/mailbox',
      '/api/u/0/config',
      '/api/u/0/details',
    ]);
    await vi.waitFor(() => expect(Object.keys(window[earlyRequestsKey] ?? {})).toContain(list));

    // The app's own way to the Inbox asks for the same page, and takes the answer: the server saw each request once.
    await expect(prefetchInboxList(createQueryClient(), 0)).resolves.toBe('/u/0/id-inbox');
    await callApi(systemEndpoints.catalogue, { params: { lang: 'et', catalogue: catalogueName } });
    const paths = api.requests.map(({ url }) => url.pathname + url.search);
    expect(paths.filter((path) => path.includes('/messages'))).toEqual([list]);
    expect(paths.filter((path) => path === '/api/u/0/mailbox')).toHaveLength(1);
    expect(paths.filter((path) => path === '/api/u/0/details')).toHaveLength(1);
    expect(catalogues.reached).toEqual(['et', 'en']);
  });

  it('asks for the list in the mode last shown on the device and the default order where the settings did not come', async () => {
    signIn(0);
    window.localStorage.setItem(listModeStorageKey(0), 'conversations');
    const api = mailApi({ tree: sampleTree(), messages: {} });
    server.use(
      serveCatalogues(),
      http.get('/api/u/0/config', () => HttpResponse.json({ code: 'Internal' }, { status: 500 })),
      ...api.handlers,
    );

    runStartScript('/u/0/');

    const list =
      '/api/u/0/mailbox/id-inbox/messages?offset=0&limit=50&mode=conversations&sort=date&order=desc';
    await vi.waitFor(() => expect(Object.keys(window[earlyRequestsKey] ?? {})).toContain(list));
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
