import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../test/api-handlers.testing';
import { prefetchAuthAppUrl } from '../features/auth/api/get-auth-app-url';
import { preloadRouteChunks } from './preload-route-chunks';
import { preloadMailArea } from './routes/preload-mail-area';
import { prefetchInboxList, prefetchUserPagesData } from './routes/prefetch-user-pages-data';

vi.mock('./routes/preload-mail-area', () => ({ preloadMailArea: vi.fn() }));
vi.mock('../features/auth/api/get-auth-app-url', () => ({ prefetchAuthAppUrl: vi.fn() }));
vi.mock('./routes/prefetch-user-pages-data', () => ({
  prefetchUserPagesData: vi.fn(),
  prefetchInboxList: vi.fn(async (): Promise<string | null> => null),
}));

const data = { queryClient: new QueryClient(), cacheRestored: Promise.resolve() };

/** The app's shape: the sign-in area and a user's area, each with lazily loaded pages. */
function routeTable() {
  const lazy = (name: string) => vi.fn(async () => ({ handle: { name } }));
  const loaders = {
    signInArea: lazy('signInArea'),
    password: lazy('password'),
    userArea: lazy('userArea'),
    inboxRedirect: lazy('inboxRedirect'),
    mailbox: lazy('mailbox'),
  };
  const routes: RouteObject[] = [
    {
      path: '/',
      children: [
        { index: true },
        { path: 'login', lazy: loaders.signInArea, children: [{ path: 'password', lazy: loaders.password }] },
        {
          path: 'u/:userIndex',
          lazy: loaders.userArea,
          children: [
            { index: true, lazy: loaders.inboxRedirect },
            { path: ':mailboxId', lazy: loaders.mailbox },
          ],
        },
      ],
    },
  ];
  const called = () =>
    Object.entries(loaders)
      .filter(([, load]) => load.mock.calls.length > 0)
      .map(([name]) => name);
  return { routes, called };
}

describe('preloadRouteChunks', () => {
  beforeEach(() => {
    vi.mocked(preloadMailArea).mockClear();
    vi.mocked(prefetchAuthAppUrl).mockClear();
    vi.mocked(prefetchUserPagesData).mockClear();
    vi.mocked(prefetchInboxList).mockClear();
  });

  it.each([
    ['/login/password', ['signInArea', 'password']],
    ['/u/0/id-inbox', ['userArea', 'mailbox']],
    ['/u/0/', ['userArea', 'inboxRedirect']],
    ['/nowhere', []],
  ])('signed in, %s starts loading the pages it matches: %j', (path, expected) => {
    signIn(0);
    const { routes, called } = routeTable();

    preloadRouteChunks(routes, path, data);

    expect(called()).toEqual(expected);
  });

  it.each(['/', '/u/0', '/u/0/', '/u/1'])('signed in, %s also starts loading the Inbox', (path) => {
    signIn(0);
    signIn(1);

    preloadRouteChunks(routeTable().routes, path, data);

    expect(preloadMailArea).toHaveBeenCalledTimes(1);
  });

  it.each(['/', '/u/0', '/u/0/id-inbox', '/u/1/id-inbox'])(
    'without that user’s session, %s loads no code of the user’s pages but the sign-in page’s',
    (path) => {
      signIn(2);
      const { routes, called } = routeTable();

      preloadRouteChunks(routes, path, data);

      expect(called()).toEqual(['signInArea', 'password']);
      expect(preloadMailArea).not.toHaveBeenCalled();
      expect(prefetchAuthAppUrl).toHaveBeenCalledTimes(1);
    },
  );

  it('a sign-in page also sends the sign-in area’s lookup', () => {
    preloadRouteChunks(routeTable().routes, '/login/password', data);
    expect(prefetchAuthAppUrl).toHaveBeenCalledTimes(1);
  });

  it('signed in, a user’s page sends no sign-in lookup but the requests of that user’s pages', async () => {
    signIn(1);
    preloadRouteChunks(routeTable().routes, '/u/1/id-inbox', data);
    expect(prefetchAuthAppUrl).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(prefetchUserPagesData).toHaveBeenCalledWith(data.queryClient, 1));
  });

  it('sends a user’s requests only once the device’s copy is in the cache', async () => {
    signIn(0);
    let restore = () => {};
    const cacheRestored = new Promise<void>((resolve) => (restore = resolve));

    preloadRouteChunks(routeTable().routes, '/u/0/id-inbox', { ...data, cacheRestored });
    await vi.dynamicImportSettled();
    expect(prefetchUserPagesData).not.toHaveBeenCalled();

    restore();
    await vi.waitFor(() => expect(prefetchUserPagesData).toHaveBeenCalledWith(data.queryClient, 0));
  });

  it.each(['/login/password', '/u/1/id-inbox'])(
    '%s without that session sends no user’s requests',
    async (path) => {
      signIn(0);
      preloadRouteChunks(routeTable().routes, path, data);
      await vi.dynamicImportSettled();
      expect(prefetchUserPagesData).not.toHaveBeenCalled();
    },
  );

  it.each(['/', '/u/1/'])(
    'signed in, %s also sends the Inbox’s list once the device’s copy is in the cache',
    async (path) => {
      signIn(0);
      signIn(1);
      const userIndex = path === '/' ? 0 : 1;

      preloadRouteChunks(routeTable().routes, path, data);

      await vi.waitFor(() => expect(prefetchInboxList).toHaveBeenCalledWith(data.queryClient, userIndex));
      expect(prefetchUserPagesData).toHaveBeenCalledWith(data.queryClient, userIndex);
    },
  );

  it('signed in, a folder page sends no Inbox list', async () => {
    signIn(0);
    const inboxPage = preloadRouteChunks(routeTable().routes, '/u/0/id-sent', data);
    await vi.waitFor(() => expect(prefetchUserPagesData).toHaveBeenCalledWith(data.queryClient, 0));
    expect(prefetchInboxList).not.toHaveBeenCalled();
    await expect(inboxPage).resolves.toBeNull();
  });

  it('signed in, a user’s home answers with the Inbox’s page once its list is in', async () => {
    signIn(0);
    vi.mocked(prefetchInboxList).mockResolvedValueOnce('/u/0/id-inbox');
    await expect(preloadRouteChunks(routeTable().routes, '/u/0', data)).resolves.toBe('/u/0/id-inbox');
  });

  it('answers with no page where the Inbox could not be read, or the visitor is signed out', async () => {
    signIn(0);
    vi.mocked(prefetchInboxList).mockRejectedValueOnce(new Error('offline'));
    await expect(preloadRouteChunks(routeTable().routes, '/u/0', data)).resolves.toBeNull();
    await expect(preloadRouteChunks(routeTable().routes, '/u/1', data)).resolves.toBeNull();
  });

  it('signed in, a folder page does not load the Inbox redirect', () => {
    signIn(0);
    preloadRouteChunks(routeTable().routes, '/u/0/id-sent', data);
    expect(preloadMailArea).not.toHaveBeenCalled();
  });
});
