import { flushSync } from 'react-dom';
import { RouterProvider, type RouterProviderProps } from 'react-router';

/** ReactDOM's flushSync as the router calls it: a navigation asked to `flushSync` commits before it resolves. */
function flushRouterUpdate(update: () => unknown): undefined {
  flushSync(update);
}

/**
 * The router's provider, able to commit a navigation synchronously. The session coordinator's sign-out navigation
 * asks for it, so no page of the signed-out user is still mounted (and building its queries again) when that user's
 * cached data is removed.
 */
export function AppRouterProvider({ router }: Pick<RouterProviderProps, 'router'>) {
  return <RouterProvider router={router} flushSync={flushRouterUpdate} />;
}
