import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { prefetchAuthAppUrl } from '../features/auth/api/get-auth-app-url';
import {
  hasActiveSession,
  isSignInPath,
  signInPath,
  userHomePath,
  userIndexOfPath,
} from '../shared/session/session';
import { preloadMailArea } from './routes/preload-mail-area';

/**
 * Starts loading the code of the page at `pathname` (the `lazy` of every route it matches) while the app still
 * waits for its message catalogue and the device's cache; the router, made after those, would ask for the chunks
 * only then, a round trip later. The router's own `lazy` calls import the same modules, so a chunk loads once.
 * A user's pages without that user's session load the sign-in page's instead: the session rule sends the visitor
 * there. On the way to a sign-in page the sign-in area's loader's request (GET /api/, is there an external sign-in
 * application) is sent now too; on a signed-in user's page, the requests all its pages start with, once the
 * device's copy is in the cache (`cacheRestored`: the restore marks every query it finds stale, a fresh answer too),
 * and on the way to the Inbox its list's first page once the tree and the settings are known.
 */
export function preloadRouteChunks(
  routes: RouteObject[],
  pathname: string,
  data: { queryClient: QueryClient; cacheRestored: Promise<unknown> },
): Promise<string | null> {
  const userIndex = pathname === '/' ? 0 : userIndexOfPath(pathname);
  const destination = userIndex !== null && !hasActiveSession(userIndex) ? signInPath() : pathname;
  // `/` and a user's home go on to the Inbox: its list is the page to show.
  const toInbox =
    destination === pathname &&
    userIndex !== null &&
    (pathname === '/' || pathname.replace(/\/$/, '') === userHomePath(userIndex));
  if (toInbox) preloadMailArea();
  if (isSignInPath(destination)) prefetchAuthAppUrl();
  let inboxPage: Promise<string | null> = Promise.resolve(null);
  if (destination === pathname && userIndex !== null) {
    const code = import('./routes/prefetch-user-pages-data');
    inboxPage = Promise.all([code, data.cacheRestored])
      .then(([{ prefetchUserPagesData, prefetchInboxList }]) => {
        prefetchUserPagesData(data.queryClient, userIndex);
        return toInbox ? prefetchInboxList(data.queryClient, userIndex) : null;
      })
      .catch(() => null);
  }
  for (const { route } of matchRoutes(routes, destination) ?? []) {
    if (typeof route.lazy === 'function') {
      // A failed load is left for the router to retry and report.
      void Promise.resolve(route.lazy()).catch(() => undefined);
    }
  }
  return inboxPage;
}
