import type { LoaderFunctionArgs } from 'react-router';
import { fetchAuthAppUrl } from '../../features/auth/api/get-auth-app-url';
import { externalSignInUrl } from '../../features/auth/lib/external-sign-in-url';
import { browserWindow } from '../../shared/browser/browser-window';
import { currentLanguage } from '../i18n/app-i18n';

/**
 * Loader of the sign-in area (route AuthLayout). Runs once on entering it (the route does not revalidate while the
 * user moves between its pages). With an external sign-in application configured the browser goes there, and the
 * navigation is left pending so the built-in page never flashes up before the browser leaves.
 */
export async function enterSignInArea({ request }: LoaderFunctionArgs): Promise<null> {
  const authAppUrl = await fetchAuthAppUrl();
  if (!authAppUrl) return null;
  const reason = new URL(request.url).searchParams.get('reason');
  browserWindow.assign(externalSignInUrl(authAppUrl, currentLanguage(), reason));
  return new Promise<null>(() => {});
}
