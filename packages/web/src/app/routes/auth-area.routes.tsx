import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { appPaths } from '../../shared/routing/app-paths';
import { enterSignInArea } from './enter-sign-in-area';
import { RouteAreaError } from './route-area-error';
import { routeEntry, routeHandle } from './route-entry';

/** A redirect that keeps the query (`reason`, `email`). */
const redirectKeepingQuery =
  (path: string) =>
  ({ request }: LoaderFunctionArgs) =>
    redirect(`${path}${new URL(request.url).search}`);

/** The sign-in area (route AuthLayout, /login): user select, password, the second-factor steps. */
export const authAreaRoutes: RouteObject = {
  ...routeEntry('AuthLayout'),
  loader: enterSignInArea,
  // Only on entering the area: moving between its pages does not ask for the external sign-in app again.
  shouldRevalidate: () => false,
  lazy: async () => ({ Component: (await import('../../layouts/auth/auth-layout')).AuthLayout }),
  children: [
    {
      ErrorBoundary: RouteAreaError,
      children: [
        {
          index: true,
          handle: routeHandle('AuthLoginUserSelect', 'accounts:userSelect.title'),
          lazy: async () => ({ Component: (await import('./user-select.route')).UserSelectRoute }),
        },
        {
          ...routeEntry('AuthLoginPassword', 'auth:password.title'),
          lazy: async () => ({ Component: (await import('./password-login.route')).PasswordLoginRoute }),
        },
        {
          ...routeEntry('Auth2FA'),
          children: [
            { index: true, loader: redirectKeepingQuery(appPaths.AuthLoginPassword), element: null },
            {
              ...routeEntry('AuthTotp', 'auth:twoFactor.totp.title'),
              lazy: async () => ({ Component: (await import('./second-factor.route')).TotpRoute }),
            },
            {
              ...routeEntry('AuthWebauthn', 'auth:twoFactor.webauthn.title'),
              lazy: async () => ({ Component: (await import('./second-factor.route')).WebauthnRoute }),
            },
          ],
        },
      ],
    },
  ],
};
