import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import { AppErrorPage } from './app-error-page';
import { routeNames, type RouteHandle } from './route-names';
import { requireSession } from './routes/require-session';

const handle = (name: RouteHandle['name']): RouteHandle => ({ name });
const defaultUserPath = '/u/0';

/**
 * The route table (spec §2). Only routes that work in this build exist; the user-select page and the rest
 * arrive with their issues. Every page is a lazy chunk, so the sign-in page loads none of the mailbox code.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: FullPageLoader,
    ErrorBoundary: AppErrorPage,
    children: [
      { index: true, loader: () => redirect(defaultUserPath), element: null },
      {
        path: 'login',
        handle: handle(routeNames.authLayout),
        lazy: async () => ({ Component: (await import('../layouts/auth/auth-layout')).AuthLayout }),
        children: [
          {
            // The user-select page (spec: the empty child path) comes in a later issue; until then the bare
            // login path goes to the password page, keeping `reason` and other query values.
            index: true,
            loader: ({ request }) => redirect(`/login/password${new URL(request.url).search}`),
            element: null,
          },
          {
            path: 'password',
            handle: handle(routeNames.authLoginPassword),
            lazy: async () => ({
              Component: (await import('./routes/password-login.route')).PasswordLoginRoute,
            }),
          },
        ],
      },
      {
        path: 'u/:userIndex',
        handle: handle(routeNames.baseLayout),
        loader: requireSession,
        shouldRevalidate: () => true,
        lazy: async () => ({ Component: (await import('../layouts/base/base-layout')).BaseLayout }),
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('./routes/inbox-redirect.route')).InboxRedirectRoute,
            }),
          },
          {
            path: ':mailboxId',
            handle: handle(routeNames.mailbox),
            lazy: async () => ({ Component: (await import('./routes/mailbox.route')).MailboxRoute }),
            children: [
              {
                path: ':threadId/:messageId',
                handle: handle(routeNames.mailboxThread),
                lazy: async () => ({
                  Component: (await import('./routes/mailbox-thread.route')).MailboxThreadRoute,
                }),
              },
            ],
          },
        ],
      },
      { path: '*', loader: () => redirect(defaultUserPath), element: null },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
