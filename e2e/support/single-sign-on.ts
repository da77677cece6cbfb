import { rmSync } from 'node:fs';
import path from 'node:path';
// The server tests' provider (oidc-provider on loopback), one copy for both suites.
import { startTestIdp } from '../../packages/server/test/support/oidc-provider.testing';
import { e2ePort, e2eStateDir } from './environment';
import { startServer } from './server-process';

/** The single sign-on spec's own server: the suite's server keeps running without OIDC, as other specs expect. */
export const ssoServerPort = Number(process.env.E2E_SSO_PORT ?? e2ePort + 5);

/**
 * A test identity provider and a webmail server that signs in with it, on the suite's mail stack. The app is
 * opened by the server's PUBLIC_URL (localhost): the provider sends the browser back there, and the sign-in's
 * flow cookie must be that host's.
 */
export async function startSingleSignOn() {
  const idp = await startTestIdp();
  const dataDir = path.join(e2eStateDir, 'sso-server');
  rmSync(dataDir, { recursive: true, force: true });
  const server = await startServer({
    port: ssoServerPort,
    dataDir,
    logFile: path.join(e2eStateDir, 'sso-server.log'),
    env: idp.env(),
  }).catch(async (error: unknown) => {
    await idp.close();
    throw error;
  });
  const appUrl = `http://localhost:${ssoServerPort}`;
  idp.configure({
    redirectUri: `${appUrl}/api/auth/oidc/callback`,
    postLogoutRedirectUri: `${appUrl}/login`,
    backchannelLogoutUri: `${server.baseUrl}/api/auth/oidc/backchannel-logout`,
  });
  return {
    idp,
    appUrl,
    close: async () => {
      await server.stop();
      await idp.close();
    },
  };
}
