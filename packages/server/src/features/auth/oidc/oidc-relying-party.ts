import * as client from 'openid-client';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { AppError } from '../../../infra/errors.js';
import type { OidcConfig } from '../../../infra/oidc-config.js';

/** What one sign-in at the provider must bring back; sealed in the flow cookie between the two redirects. */
export interface OidcFlowChecks {
  state: string;
  nonce: string;
  verifier: string;
}

/** The identity the provider vouched for. */
export interface OidcIdentity {
  subject: string;
  /** The provider's session id (`sid`), for back-channel logout by session. */
  sid: string | null;
  claims: Record<string, unknown>;
  idToken: string;
  /** The provider's tokens for this sign-in (token pass-through keeps them, sealed). */
  tokens: OidcTokens;
}

/** An access token, its expiry (epoch ms; null when the provider did not say) and the refresh token, if any. */
export interface OidcTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: number | null;
}

/** Who a back-channel logout token names: a subject, a provider session, or both. */
export interface OidcLogoutTarget {
  subject: string | null;
  sid: string | null;
}

const logoutEvent = 'http://schemas.openid.net/event/backchannel-logout';

/**
 * The webmail as an OpenID Connect relying party (openid-client): discovery once (retried after a failure),
 * the authorization code flow with PKCE (S256), state and nonce, and the checks of the code exchange and the
 * ID token (signature, issuer, audience, expiry, nonce) done by the library. Logout tokens are checked with jose
 * against the provider's published keys.
 */
export class OidcRelyingParty {
  private discovered: Promise<client.Configuration> | null = null;
  private keys: ReturnType<typeof createRemoteJWKSet> | null = null;

  constructor(
    private readonly config: OidcConfig,
    readonly redirectUri: string,
  ) {}

  get name(): string {
    return this.config.name;
  }

  get addressClaim(): string {
    return this.config.addressClaim;
  }

  private configuration(): Promise<client.Configuration> {
    this.discovered ??= this.discover().catch((err: unknown) => {
      this.discovered = null;
      throw err;
    });
    return this.discovered;
  }

  private discover(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret, allowInsecure } = this.config;
    const auth = clientSecret ? client.ClientSecretBasic(clientSecret) : client.None();
    const insecure = allowInsecure || isLoopback(new URL(issuer));
    return client.discovery(new URL(issuer), clientId, undefined, auth, {
      execute: insecure ? [client.allowInsecureRequests] : [],
    });
  }

  /** A fresh state, nonce and PKCE verifier, and the provider's authorization URL for them. */
  async begin(language: string | undefined): Promise<{ url: URL; checks: OidcFlowChecks }> {
    const config = await this.configuration();
    const checks = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: this.config.scopes,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(checks.verifier),
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
      ...(language ? { ui_locales: language } : {}),
      // A refresh token that outlives the provider's session is asked for with offline_access, which OpenID
      // Connect grants only together with an explicit consent prompt.
      ...(this.config.scopes.split(/\s+/).includes('offline_access') ? { prompt: 'consent' } : {}),
    });
    return { url, checks };
  }

  /** Exchanges the code of the provider's redirect; throws on any failed check (state, nonce, PKCE, token). */
  async finish(callbackUrl: URL, checks: OidcFlowChecks, now = Date.now()): Promise<OidcIdentity> {
    const config = await this.configuration();
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.verifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims || !tokens.id_token) throw new Error('no ID token');
    let claims: Record<string, unknown> = { ...idClaims };
    // Providers often leave the address out of the ID token; userinfo has it (bound to the same subject).
    if (claims[this.config.addressClaim] === undefined && config.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      claims = { ...info, ...claims };
    }
    const sid = typeof idClaims.sid === 'string' ? idClaims.sid : null;
    return {
      subject: idClaims.sub,
      sid,
      claims,
      idToken: tokens.id_token,
      tokens: tokensOf(tokens, null, now),
    };
  }

  /**
   * A new access token for a refresh token (the provider may rotate the refresh token; without a new one the old
   * one stays). Throws the library's error: `ResponseBodyError` when the provider refused (revoked, expired).
   */
  async refresh(refreshToken: string, now: number): Promise<OidcTokens> {
    const config = await this.configuration();
    return tokensOf(await client.refreshTokenGrant(config, refreshToken), refreshToken, now);
  }

  /** The provider's end-session URL (RP-initiated logout), or null when it has none. */
  async endSessionUrl(idToken: string, postLogoutRedirectUri: string): Promise<string | null> {
    const config = await this.configuration();
    if (!config.serverMetadata().end_session_endpoint) return null;
    return client
      .buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: postLogoutRedirectUri })
      .toString();
  }

  /** Verifies a back-channel logout token (OpenID Connect Back-Channel Logout 1.0 §2.6); throws when invalid. */
  async verifyLogoutToken(token: string): Promise<OidcLogoutTarget> {
    const config = await this.configuration();
    const meta = config.serverMetadata();
    if (!meta.jwks_uri) throw new Error('the provider publishes no keys');
    this.keys ??= createRemoteJWKSet(new URL(meta.jwks_uri));
    const { payload } = await jwtVerify(token, this.keys, {
      issuer: meta.issuer,
      audience: this.config.clientId,
      typ: undefined,
      maxTokenAge: '5 minutes',
    });
    return logoutTargetOf(payload);
  }
}

function logoutTargetOf(payload: JWTPayload): OidcLogoutTarget {
  const events = payload.events as Record<string, unknown> | undefined;
  if (!events || typeof events[logoutEvent] !== 'object') throw new Error('not a logout token');
  if ('nonce' in payload) throw new Error('a logout token carries no nonce');
  const subject = typeof payload.sub === 'string' ? payload.sub : null;
  const sid = typeof payload.sid === 'string' ? payload.sid : null;
  if (!subject && !sid) throw new Error('a logout token names a subject or a session');
  return { subject, sid };
}

function tokensOf(
  answer: client.TokenEndpointResponse,
  previousRefresh: string | null,
  now: number,
): OidcTokens {
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? previousRefresh,
    expiresAt: typeof answer.expires_in === 'number' ? now + answer.expires_in * 1000 : null,
  };
}

function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** The provider did not answer (discovery, a token request): a 503 the browser may retry. */
export const providerUnreachable = () =>
  new AppError('ServiceUnavailable', 503, 'The identity provider cannot be reached right now', undefined, {
    'Retry-After': '30',
  });
