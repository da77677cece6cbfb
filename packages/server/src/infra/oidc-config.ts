import { z } from 'zod';

/**
 * Single sign-on with an OpenID Connect provider. Unset OIDC_ISSUER = no single sign-on, and nothing else changes.
 * Kept apart from config.ts so the variables of one concern stay together.
 */
export const oidcEnvShape = {
  /** The provider's issuer URL (discovery reads `<issuer>/.well-known/openid-configuration`). */
  OIDC_ISSUER: z.preprocess((v) => v || undefined, z.url({ protocol: /^https?$/ }).optional()),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  /** Confidential client secret (client_secret_basic); unset = a public client (PKCE only). */
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_SCOPES: z.string().default('openid email profile'),
  /** The ID token / userinfo claim holding the mailbox address; `email` also requires `email_verified`. */
  OIDC_ADDRESS_CLAIM: z.string().min(1).default('email'),
  /** The provider's name on the sign-in button and in the security log. */
  OIDC_NAME: z.string().min(1).max(64).default('single sign-on'),
  /**
   * How an OIDC account's mail is opened: `delegated` (the webmail's master-user door; needs MAIL_ACCESS=delegated)
   * or `token` (the user's access token as OAUTHBEARER/XOAUTH2; the mail server asks the provider about it).
   * Unset: delegated.
   */
  OIDC_MAIL_ACCESS: z.enum(['delegated', 'token']).default('delegated'),
  /** Whether the password sign-in stays offered beside single sign-on. */
  PASSWORD_SIGN_IN: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default('true')
    .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  /** TEST ONLY: allow an http:// issuer other than localhost (openid-client refuses plain HTTP otherwise). */
  OIDC_ALLOW_INSECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
};

export const OidcEnvSchema = z.object(oidcEnvShape);
type OidcEnv = z.output<typeof OidcEnvSchema>;

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  scopes: string;
  addressClaim: string;
  name: string;
  allowInsecure: boolean;
  mailAccess: 'delegated' | 'token';
}

/** The single sign-on settings, or null when OIDC_ISSUER is unset. An issuer without a client id is an error. */
export function oidcConfig(e: OidcEnv & { MAIL_ACCESS: 'delegated' | 'password' }): OidcConfig | null {
  if (!e.OIDC_ISSUER) return null;
  if (!e.OIDC_CLIENT_ID)
    throw new Error('Invalid configuration:\n  OIDC_CLIENT_ID: required with OIDC_ISSUER');
  if (e.OIDC_MAIL_ACCESS === 'delegated' && e.MAIL_ACCESS !== 'delegated') {
    throw new Error(
      'Invalid configuration:\n  OIDC_MAIL_ACCESS: single sign-on with delegated mail access needs MAIL_ACCESS=delegated' +
        ' (or set OIDC_MAIL_ACCESS=token for token pass-through to a mail server with an oauth2 passdb)',
    );
  }
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET ?? null,
    scopes: e.OIDC_SCOPES,
    addressClaim: e.OIDC_ADDRESS_CLAIM,
    name: e.OIDC_NAME,
    allowInsecure: e.OIDC_ALLOW_INSECURE,
    mailAccess: e.OIDC_MAIL_ACCESS,
  };
}
