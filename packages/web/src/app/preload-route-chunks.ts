import { matchRoutes, type RouteObject } from 'react-router';
import { hasActiveSession, userHomePath, userIndexOfPath } from '../shared/session/session';
import { preloadMailArea } from './routes/preload-mail-area';

/**
 * Starts loading the code of the page at `pathname` (the `lazy` of every route it matches) while the app still
 * waits for its message catalogue and the device's cache; the router, made after those, would ask for the chunks
 * only then, a round trip later. The router's own `lazy` calls import the same modules, so a chunk loads once.
 * A user's pages without that user's session are left alone: the session rule sends the visitor to sign in.
 */
export function preloadRouteChunks(routes: RouteObject[], pathname: string): void {
  const userIndex = pathname === '/' ? 0 : userIndexOfPath(pathname);
  if (userIndex !== null && !hasActiveSession(userIndex)) return;
  // `/` and a user's home go on to the Inbox: its list is the page to show.
  if (userIndex !== null && (pathname === '/' || pathname.replace(/\/$/, '') === userHomePath(userIndex))) {
    preloadMailArea();
  }
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (typeof route.lazy === 'function') {
      // A failed load is left for the router to retry and report.
      void Promise.resolve(route.lazy()).catch(() => undefined);
    }
  }
}
