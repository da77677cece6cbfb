import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { TestClient } from './http-client.testing.js';

/** A user of the test provider; `sub` is also the name typed on its login form. */
export interface IdpUser {
  sub: string;
  email: string;
  emailVerified?: boolean;
}

export interface IdpClientSettings {
  redirectUri: string;
  postLogoutRedirectUri: string;
  backchannelLogoutUri: string;
}

export const idpClientId = 'webmail';
export const idpClientSecret = 'webmail-test-client-secret';

/**
 * A real OpenID provider (`oidc-provider`, the certified implementation) on loopback. Its login page is a one-field
 * form (the user's `sub`; no password: the provider's own sign-in is not under test), consent is granted at once.
 * The port is taken first (`issuer` is known before the webmail starts); the client is registered by `configure`
 * once the webmail's address is known.
 */
export async function startTestIdp(port = 0) {
  const users = new Map<string, IdpUser>();
  // The provider's session id of each subject's latest sign-in at the webmail (back-channel logout names it).
  const sids = new Map<string, string>();
  // Every access and refresh token issued, by subject (tests revoke them).
  const issued: Array<{ kind: string; accountId?: string; destroy: () => Promise<void> }> = [];
  let provider: Provider | null = null;
  const server = http.createServer((req, res) => {
    if (!provider) {
      res.statusCode = 503;
      res.end();
      return;
    }
    void route(provider, users, req, res).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    addUser: (user: IdpUser) => users.set(user.sub, user),
    configure(settings: IdpClientSettings) {
      provider = newProvider(issuer, users, settings);
      provider.on('access_token.saved', (token) => issued.push(token));
      provider.on('refresh_token.saved', (token) => issued.push(token));
      provider.on(
        'session.saved',
        (session: { accountId?: string; authorizations?: Record<string, { sid?: string }> }) => {
          const sid = session.authorizations?.[idpClientId]?.sid;
          if (session.accountId && sid) sids.set(session.accountId, sid);
        },
      );
    },
    /** The provider's own back-channel logout call for a subject's session (as its end-session does). */
    async backchannelLogout(sub: string) {
      const sid = sids.get(sub);
      if (!provider || !sid) throw new Error('no provider session of this subject');
      const client = await provider.Client.find(idpClientId);
      if (!client) throw new Error('no client');
      // Not in the typings, but the provider's own method: it signs the logout token and posts it.
      await (
        client as unknown as { backchannelLogout: (s: string, i: string) => Promise<void> }
      ).backchannelLogout(sub, sid);
    },
    /** An access token of `sub` for the webmail's client, as the token endpoint issues one. */
    async accessToken(sub: string): Promise<string> {
      const client = provider && (await provider.Client.find(idpClientId));
      if (!provider || !client) throw new Error('no client');
      const grant = new provider.Grant({ accountId: sub, clientId: idpClientId });
      grant.addOIDCScope('openid email');
      const grantId = await grant.save();
      const scope = 'openid email';
      return new provider.AccessToken({
        accountId: sub,
        client,
        grantId,
        scope,
        gty: 'authorization_code',
      }).save();
    },
    /** Revokes every access or refresh token issued to `sub` so far (a refresh with one is refused). */
    async revokeTokensOf(sub: string, kind: 'AccessToken' | 'RefreshToken'): Promise<number> {
      const tokens = issued.filter((t) => t.kind === kind && t.accountId === sub);
      await Promise.all(tokens.map((t) => t.destroy()));
      return tokens.length;
    },
    /** How many tokens of a kind were issued to `sub` (a refresh issues a new access token). */
    issuedTo: (sub: string, kind: 'AccessToken' | 'RefreshToken') =>
      issued.filter((t) => t.kind === kind && t.accountId === sub).length,
    /** Revokes an access token at the provider (its introspection answers `active: false` from then on). */
    async revokeAccessToken(token: string): Promise<void> {
      await (await provider?.AccessToken.find(token))?.destroy();
    },
    /** The introspection endpoint with the webmail client's credentials in it (Dovecot's `introspection_url`). */
    introspectionUrl: () =>
      `http://${idpClientId}:${idpClientSecret}@${new URL(issuer).host}/token/introspection`,
    /** A browser of the provider (its own cookie jar): signs `sub` in and returns where it sent the browser back. */
    browser: () => new IdpBrowser(issuer),
    env: (): Record<string, string> => ({
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: idpClientId,
      OIDC_CLIENT_SECRET: idpClientSecret,
      OIDC_NAME: 'Test IdP',
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestIdp = Awaited<ReturnType<typeof startTestIdp>>;

function newProvider(issuer: string, users: Map<string, IdpUser>, settings: IdpClientSettings): Provider {
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: idpClientId,
        client_secret: idpClientSecret,
        redirect_uris: [settings.redirectUri],
        post_logout_redirect_uris: [settings.postLogoutRedirectUri],
        backchannel_logout_uri: settings.backchannelLogoutUri,
        backchannel_logout_session_required: true,
        // Refresh tokens for token pass-through (issued when the webmail asks for offline_access).
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...key, kid: 'test', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub', 'sid'], email: ['email', 'email_verified'] },
    features: {
      devInteractions: { enabled: false },
      backchannelLogout: { enabled: true },
      // The mail server's oauth2 passdb asks here whether an access token is active and whose it is.
      introspection: { enabled: true },
      // The provider's own confirmation step, as a plain page (its default one loads a web font).
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.body = page(
            'Sign out',
            `${form}<button type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>`,
          );
        },
      },
    },
    // The provider refuses to call loopback addresses (SSRF protection); the webmail under test lives there.
    fetch: (url, options) => {
      const { dispatcher: _ssrfGuard, ...rest } = (options ?? {}) as RequestInit & { dispatcher?: unknown };
      return globalThis.fetch(url, rest);
    },
    // The mailbox address in the access token's introspection answer (the passdb's username attribute).
    extraTokenClaims: (_ctx, token) =>
      token.kind === 'AccessToken' && token.accountId
        ? { email: users.get(token.accountId)?.email.toLowerCase() }
        : undefined,
    findAccount: (_ctx, sub) => {
      const user = users.get(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: user.email, email_verified: user.emailVerified ?? true }),
      };
    },
  });
  return provider;
}

/** The login and consent pages the provider's interactions send the browser to. */
async function route(
  provider: Provider,
  users: Map<string, IdpUser>,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const match = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '');
  if (!match) return provider.callback()(req, res);
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === 'consent') return grantConsent(provider, details, req, res);
  if (req.method === 'POST') {
    const login = new URLSearchParams(await readBody(req)).get('login') ?? '';
    if (!users.has(login)) return loginPage(res, match[1] ?? '', 'Unknown user');
    return provider.interactionFinished(req, res, { login: { accountId: login } });
  }
  return loginPage(res, match[1] ?? '', '');
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

async function grantConsent(
  provider: Provider,
  details: Interaction,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const accountId = details.session?.accountId ?? '';
  const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
  const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  const grantId = await grant.save();
  return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

const page = (heading: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>Test IdP</title></head><body><h1>${heading}</h1>${body}</body></html>`;

function loginPage(res: http.ServerResponse, uid: string, problem: string): void {
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(
    page(
      'Test IdP',
      `${problem ? `<p role="alert">${problem}</p>` : ''}<form method="post" action="/interaction/${uid}">
<label>Username <input name="login" autocomplete="username"></label>
<button type="submit">Sign in at Test IdP</button>
</form>`,
    ),
  );
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

/** A browser at the provider: follows its redirects with its own cookies until it is sent elsewhere. */
export class IdpBrowser {
  private readonly client: TestClient;

  constructor(private readonly issuer: string) {
    this.client = new TestClient(issuer);
  }

  /** Follows `url` at the provider, signing `sub` in on its login form; returns the first URL outside it. */
  async signIn(url: string, sub: string): Promise<URL> {
    let next = new URL(url);
    for (let hop = 0; hop < 12; hop += 1) {
      if (next.origin !== this.issuer) return next;
      const path = next.pathname + next.search;
      let res: { status: number; headers: Headers; body: unknown } = await this.client.get(path);
      if (res.status === 200 && String(res.body).includes('name="login"')) {
        res = await this.postForm(path, { login: sub });
      }
      const location = res.headers.get('location');
      if (!location) throw new Error(`the provider stopped at ${path}: ${res.status} ${String(res.body)}`);
      next = new URL(location, this.issuer);
    }
    throw new Error('too many redirects at the provider');
  }

  private async postForm(path: string, form: Record<string, string>) {
    const cookie = [...this.client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; ');
    const res = await fetch(this.issuer + path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) this.client.cookies.set(...parseCookie(line));
    return { status: res.status, headers: res.headers, body: await res.text() };
  }
}

function parseCookie(line: string): [string, { value: string; attributes: string }] {
  const [pair = '', ...attrs] = line.split(';');
  const eq = pair.indexOf('=');
  return [pair.slice(0, eq).trim(), { value: pair.slice(eq + 1).trim(), attributes: attrs.join(';') }];
}
