import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import { AppErrorPage } from './app-error-page';
import { routeNames, type RouteHandle } from './route-names';
import { enterSignInArea } from './routes/enter-sign-in-area';
import { requireSession } from './routes/require-session';
import { RouteAreaError } from './routes/route-area-error';

const handle = (name: RouteHandle['name']): RouteHandle => ({ name });
const defaultUserPath = '/u/0';
/** A redirect that keeps the query (`reason`, `email`). */
const redirectKeepingQuery =
  (path: string) =>
  ({ request }: LoaderFunctionArgs) =>
    redirect(`${path}${new URL(request.url).search}`);

const signInRoutes: RouteObject = {
  path: 'login',
  handle: handle(routeNames.authLayout),
  loader: enterSignInArea,
  // Only on entering the area: moving between its pages does not ask for the external sign-in app again.
  shouldRevalidate: () => false,
  lazy: async () => ({ Component: (await import('../layouts/auth/auth-layout')).AuthLayout }),
  children: [
    {
      ErrorBoundary: RouteAreaError,
      children: [
        {
          index: true,
          handle: handle(routeNames.authLoginUserSelect),
          lazy: async () => ({ Component: (await import('./routes/user-select.route')).UserSelectRoute }),
        },
        {
          path: 'password',
          handle: handle(routeNames.authLoginPassword),
          lazy: async () => ({
            Component: (await import('./routes/password-login.route')).PasswordLoginRoute,
          }),
        },
        {
          path: '2fa',
          handle: handle(routeNames.auth2FA),
          children: [
            { index: true, loader: redirectKeepingQuery('/login/password'), element: null },
            {
              path: 'totp',
              handle: handle(routeNames.authTotp),
              lazy: async () => ({
                Component: (await import('./routes/second-factor.route')).TotpRoute,
              }),
            },
            {
              path: 'webauthn',
              handle: handle(routeNames.authWebauthn),
              lazy: async () => ({
                Component: (await import('./routes/second-factor.route')).WebauthnRoute,
              }),
            },
          ],
        },
      ],
    },
  ],
};

/**
 * Settings (spec §2). Only working pages exist; each one also gets a row in `layouts/settings/settings-pages.ts`,
 * which draws the settings sidebar. The index opens the first page (on small screens it is the list itself).
 */
const settingsRoutes: RouteObject = {
  path: 'settings',
  handle: handle(routeNames.settingsLayout),
  lazy: async () => ({ Component: (await import('../layouts/settings/settings-layout')).SettingsLayout }),
  children: [
    {
      index: true,
      lazy: async () => ({
        Component: (await import('./routes/settings-index.route')).SettingsIndexRoute,
      }),
    },
    {
      path: 'security',
      handle: handle(routeNames.security),
      children: [
        // Only the external-content page of the security area works so far: the bare path opens it.
        {
          index: true,
          loader: ({ params }) => redirect(`/u/${params.userIndex}/settings/security/content`),
          element: null,
        },
        {
          path: 'content',
          handle: handle(routeNames.externalContent),
          lazy: async () => ({
            Component: (await import('./routes/settings-external-content.route'))
              .SettingsExternalContentRoute,
          }),
        },
      ],
    },
    {
      path: 'folders',
      handle: handle(routeNames.folders),
      lazy: async () => ({
        Component: (await import('./routes/settings-folders.route')).SettingsFoldersRoute,
      }),
    },
  ],
};

const signedInRoutes: RouteObject = {
  path: 'u/:userIndex',
  handle: handle(routeNames.baseLayout),
  loader: requireSession,
  shouldRevalidate: () => true,
  lazy: async () => ({ Component: (await import('../layouts/base/base-layout')).BaseLayout }),
  children: [
    {
      ErrorBoundary: RouteAreaError,
      children: [
        {
          index: true,
          lazy: async () => ({
            Component: (await import('./routes/inbox-redirect.route')).InboxRedirectRoute,
          }),
        },
        settingsRoutes,
        {
          // Static, so it ranks above `:mailboxId`.
          path: 'compose/:draftId?',
          handle: handle(routeNames.compose),
          lazy: async () => ({ Component: (await import('./routes/compose.route')).ComposeRoute }),
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
  ],
};

/**
 * The tab layout (spec §2, route BaseLayoutTab): pages opened in a browser tab of their own, without the app chrome,
 * under the same session rule as the base layout. `tab` is a static segment, so it ranks above `:mailboxId`.
 */
const tabRoutes: RouteObject = {
  path: 'u/:userIndex/tab',
  handle: handle(routeNames.baseLayoutTab),
  loader: requireSession,
  shouldRevalidate: () => true,
  lazy: async () => ({ Component: (await import('../layouts/tab/tab-layout')).TabLayout }),
  children: [
    {
      ErrorBoundary: RouteAreaError,
      children: [
        {
          path: 'compose/:draftId?',
          handle: handle(routeNames.composeTab),
          lazy: async () => ({ Component: (await import('./routes/compose-tab.route')).ComposeTabRoute }),
        },
        {
          path: ':mailboxId/messages/:messageId/source',
          handle: handle(routeNames.mailboxSource),
          lazy: async () => ({
            Component: (await import('./routes/mailbox-source.route')).MailboxSourceRoute,
          }),
        },
        {
          path: ':mailboxId/messages/:messageId/print',
          handle: handle(routeNames.mailboxPrint),
          lazy: async () => ({ Component: (await import('./routes/mailbox-print.route')).MailboxPrintRoute }),
        },
        {
          path: ':mailboxId/:threadId/print',
          handle: handle(routeNames.mailboxThreadPrint),
          lazy: async () => ({
            Component: (await import('./routes/mailbox-print.route')).MailboxThreadPrintRoute,
          }),
        },
        {
          path: ':mailboxId/:threadId/:messageId',
          handle: handle(routeNames.mailboxThreadTab),
          lazy: async () => ({
            Component: (await import('./routes/mailbox-thread-tab.route')).MailboxThreadTabRoute,
          }),
        },
      ],
    },
  ],
};

/**
 * The route table (spec §2). Only routes that work in this build exist; the rest arrive with their issues. Every
 * page is a lazy chunk, so the sign-in pages load none of the mailbox code. Each area (sign-in content, a user's
 * content pane) has its own error boundary inside its layout; the root one is the app-level failure page.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: FullPageLoader,
    ErrorBoundary: AppErrorPage,
    children: [
      { index: true, loader: () => redirect(defaultUserPath), element: null },
      signInRoutes,
      tabRoutes,
      signedInRoutes,
      { path: '*', loader: () => redirect(defaultUserPath), element: null },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
