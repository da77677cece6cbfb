/**
 * With an external authentication application configured (AUTH_APP_URL), entering the sign-in area goes
 * there instead, with the language code appended as a path segment and the `reason` passed on:
 * `https://auth.example/login` + fi + missingExpiryCookie → `https://auth.example/login/fi?reason=missingExpiryCookie`.
 * A relative AUTH_APP_URL is taken against this page's origin.
 */
export function externalSignInUrl(authAppUrl: string, language: string, reason: string | null): string {
  const url = new URL(authAppUrl, window.location.origin);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${encodeURIComponent(language)}`;
  if (reason) url.searchParams.set('reason', reason);
  return url.toString();
}
