import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { hasActiveSession, signInPath, userHomePath } from '../shared/session/session';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import { AppErrorPage } from './app-error-page';
import { TitledOutlet } from './route-title';
import { authAreaRoutes } from './routes/auth-area.routes';
import { mailAreaRoutes } from './routes/mail-area.routes';
import { tabAreaRoutes } from './routes/tab-area.routes';

const defaultUserPath = userHomePath(0);

/**
 * `/` and unknown paths: user 0's pages, or for a visitor without that session the sign-in page straight away.
 * Going through /u/0 would have the router fetch the mail area's chunks (a route's `lazy` loads beside its
 * loader) only for its session rule to send the visitor on to sign in.
 */
const toUserHome = () => redirect(hasActiveSession(0) ? defaultUserPath : signInPath('missingExpiryCookie'));

/**
 * The route table, one area per file (`routes/*-area.routes.tsx`), every path from the paths table
 * (`shared/routing/app-paths.ts`) and every route named in `handle.name`. Only routes that work in this build
 * exist; the others arrive with their features. Every page is a lazy chunk, so the sign-in pages load none of the
 * mailbox code. Each area (sign-in content, a user's content pane) has its own error boundary inside its layout;
 * the root one is the app-level failure page. Every route that shows a page has its title in `handle.title`
 * (`route-title.tsx` sets it).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: TitledOutlet,
    HydrateFallback: FullPageLoader,
    ErrorBoundary: AppErrorPage,
    children: [
      { index: true, loader: toUserHome, element: null },
      authAreaRoutes,
      tabAreaRoutes,
      mailAreaRoutes,
      { path: '*', loader: toUserHome, element: null },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
