import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../test/api-handlers.testing';
import { preloadRouteChunks } from './preload-route-chunks';
import { preloadMailArea } from './routes/preload-mail-area';

vi.mock('./routes/preload-mail-area', () => ({ preloadMailArea: vi.fn() }));

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
  beforeEach(() => vi.mocked(preloadMailArea).mockClear());

  it.each([
    ['/login/password', ['signInArea', 'password']],
    ['/u/0/id-inbox', ['userArea', 'mailbox']],
    ['/u/0/', ['userArea', 'inboxRedirect']],
    ['/nowhere', []],
  ])('signed in, %s starts loading the pages it matches: %j', (path, expected) => {
    signIn(0);
    const { routes, called } = routeTable();

    preloadRouteChunks(routes, path);

    expect(called()).toEqual(expected);
  });

  it.each(['/', '/u/0', '/u/0/', '/u/1'])('signed in, %s also starts loading the Inbox', (path) => {
    signIn(0);
    signIn(1);

    preloadRouteChunks(routeTable().routes, path);

    expect(preloadMailArea).toHaveBeenCalledTimes(1);
  });

  it.each(['/', '/u/0', '/u/0/id-inbox', '/u/1/id-inbox'])(
    'without that user’s session, %s loads no code of the user’s pages',
    (path) => {
      signIn(2);
      const { routes, called } = routeTable();

      preloadRouteChunks(routes, path);

      expect(called()).toEqual([]);
      expect(preloadMailArea).not.toHaveBeenCalled();
    },
  );

  it('signed in, a folder page does not load the Inbox redirect', () => {
    signIn(0);
    preloadRouteChunks(routeTable().routes, '/u/0/id-sent');
    expect(preloadMailArea).not.toHaveBeenCalled();
  });
});
