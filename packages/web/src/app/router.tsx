import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { userHomePath } from '../shared/session/session';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import { AppErrorPage } from './app-error-page';
import { TitledOutlet } from './route-title';
import { authAreaRoutes } from './routes/auth-area.routes';
import { mailAreaRoutes } from './routes/mail-area.routes';
import { tabAreaRoutes } from './routes/tab-area.routes';

const defaultUserPath = userHomePath(0);

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
      { index: true, loader: () => redirect(defaultUserPath), element: null },
      authAreaRoutes,
      tabAreaRoutes,
      mailAreaRoutes,
      { path: '*', loader: () => redirect(defaultUserPath), element: null },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
