import { startServer, testPublicUrl, type DbKind } from './harness.testing.js';
import type { TestClient } from './http-client.testing.js';
import { startTestIdp, type TestIdp } from './oidc-provider.testing.js';

/** A webmail server with single sign-on against a fresh test provider (its client registered for this server). */
export async function startOidcServer(db: DbKind, env: Record<string, string> = {}) {
  const idp = await startTestIdp(Number(process.env.TEST_OIDC_PORT ?? 0));
  const server = await startServer(db, { ...idp.env(), LOG_LEVEL: 'error', ...env });
  idp.configure({
    redirectUri: `${testPublicUrl}/api/auth/oidc/callback`,
    postLogoutRedirectUri: `${testPublicUrl}/login`,
    // The provider calls this one itself: the server's real address.
    backchannelLogoutUri: `${server.baseUrl}/api/auth/oidc/backchannel-logout`,
  });
  return {
    server,
    idp,
    close: async () => {
      await server.close();
      await idp.close();
    },
  };
}

/**
 * The browser's round trip: the sign-in page's button, the provider's login as `sub`, and back to the webmail's
 * callback. Returns the callback's answer (a redirect to the inbox or back to the sign-in page).
 */
export async function signInWithIdp(
  client: TestClient,
  idp: TestIdp,
  sub: string,
  start = '/api/auth/oidc/start?lang=en',
) {
  const callback = await providerRoundTrip(client, idp, sub, start);
  return client.get(callback.pathname + callback.search);
}

/** Up to the provider's redirect back (the callback URL, not yet opened). */
export async function providerRoundTrip(
  client: TestClient,
  idp: TestIdp,
  sub: string,
  start = '/api/auth/oidc/start?lang=en',
) {
  const begun = await client.get(start);
  if (begun.status !== 303) throw new Error(`start answered ${begun.status}: ${JSON.stringify(begun.body)}`);
  return idp.browser().signIn(begun.headers.get('location') ?? '', sub);
}
