import { z } from 'zod';
import { decimalParam, EmailAddress } from './common.js';
import { WebauthnAuthenticationResponse } from './webauthn.js';

export const UserIndex = decimalParam(0, 31);
export const UserIndexParams = z.object({ userIndex: UserIndex });
export const UserIndexQuery = z.object({ userIndex: UserIndex });

export const LoginRequest = z
  .object({
    email: EmailAddress,
    password: z.string().min(1).max(1024),
  })
  .strict();
export type LoginRequest = z.infer<typeof LoginRequest>;

/** Second-factor methods a user has (`twoFactor`): an authenticator app's code, a passkey. */
export const twoFactorMethods = ['totp', 'webauthn'] as const;
export const TwoFactorMethod = z.enum(twoFactorMethods);
export type TwoFactorMethod = z.infer<typeof TwoFactorMethod>;

export const LoggedInUser = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    twoFactor: z.array(TwoFactorMethod),
    /** The identity provider's name when this session came from single sign-on (its two-step is the provider's). */
    signedInWith: z.string().optional(),
  })
  .meta({ id: 'LoggedInUser' });
export type LoggedInUser = z.infer<typeof LoggedInUser>;

export const LoginResponse = z.object({
  userIndex: z.number().int(),
  user: LoggedInUser,
  /** Access-token expiry, epoch milliseconds. */
  expiresAt: z.number().int(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/**
 * The password was right, and the account has two-factor sign-in: no session yet (no cookies). The second step
 * names this pending sign-in by `id` (`POST /auth/2fa`), which expires at `expiresAt`.
 */
export const SecondFactorRequired = z.object({
  secondFactor: z.object({
    id: z.string(),
    methods: z.array(TwoFactorMethod).min(1),
    expiresAt: z.number().int(),
  }),
});
export type SecondFactorRequired = z.infer<typeof SecondFactorRequired>;

/** `POST /auth`: signed in, or a second factor is needed first. */
export const LoginStepResponse = z.union([LoginResponse, SecondFactorRequired]);
export type LoginStepResponse = z.infer<typeof LoginStepResponse>;

export const PendingSignInId = z.string().min(16).max(128);
/** `POST /auth/2fa`: a code from the authenticator app (six digits) or a recovery code. */
export const SecondFactorLoginRequest = z
  .object({ id: PendingSignInId, code: z.string().trim().min(6).max(32) })
  .strict();
export type SecondFactorLoginRequest = z.infer<typeof SecondFactorLoginRequest>;
export const WebauthnLoginOptionsRequest = z.object({ id: PendingSignInId }).strict();
export const WebauthnLoginRequest = z
  .object({ id: PendingSignInId, response: WebauthnAuthenticationResponse })
  .strict();
export type WebauthnLoginRequest = z.infer<typeof WebauthnLoginRequest>;

/** Account list entry: `uid` is the account's userIndex on this device. */
export const AccountEntry = z.object({
  uid: z.number().int(),
  email: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type AccountEntry = z.infer<typeof AccountEntry>;
export const AccountsResponse = z.object({
  accounts: z.array(AccountEntry),
  /** After signing out an account that single sign-on signed in: the provider's end-session URL to open. */
  endSessionUrl: z.string().optional(),
});
export type AccountsResponse = z.infer<typeof AccountsResponse>;

export const OkResponse = z.object({ ok: z.literal(true) });
/** User logout; `endSessionUrl` as in `AccountsResponse`. */
export const LogoutResponse = OkResponse.extend({ endSessionUrl: z.string().optional() });

/** `DELETE /auth/removeDeviceUser?index=`: forget one account on this device. */
export const RemoveDeviceUserQuery = z.object({ index: UserIndex });

/** Cross-tab messages (BroadcastChannel `webmail-session`) that keep every tab's account list in sync. */
export const sessionChannelName = 'webmail-session';
export const SessionBroadcast = z.discriminatedUnion('type', [
  z.object({ type: z.literal('userLoggedIn'), userIndex: z.number().int() }),
  z.object({
    type: z.literal('userLoggedOut'),
    /** Which slot; `null` for all of them (device logout). */
    userIndex: z.number().int().nullable(),
    kind: z.enum(['user', 'deviceUser', 'device']),
  }),
]);
export type SessionBroadcast = z.infer<typeof SessionBroadcast>;

/**
 * Cookie names: the device, the XSRF token, and per user index the access token, the refresh token, the
 * key that unseals the stored IMAP password and the token expiry. The expiry cookie is the only one of
 * them JavaScript can read: the client's session rule checks it exists for the route's userIndex.
 */
export const cookieNames = {
  device: 'wm_device',
  xsrf: 'XSRF-TOKEN',
  accessToken: (userIndex: number) => `wm_at_${userIndex}`,
  refreshToken: (userIndex: number) => `wm_rt_${userIndex}`,
  sessionKey: (userIndex: number) => `wm_sk_${userIndex}`,
  tokenExpiry: (userIndex: number) => `wm_exp_${userIndex}`,
} as const;
export const xsrfHeader = 'x-xsrf-token';

/** Why a single sign-on came back to the sign-in page without a session (`/login/password?reason=…`). */
export const oidcRefusals = ['ssoFailed', 'ssoUnverifiedAddress', 'ssoUnknownAddress'] as const;
export type OidcRefusal = (typeof oidcRefusals)[number];

/** Start of a single sign-on: the page's language (sent as `ui_locales`) and the sign-in `reason`, passed back. */
export const OidcStartQuery = z.object({
  lang: z.enum(['fi', 'en', 'et', 'ru']).optional(),
  reason: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_.-]*$/)
    .optional(),
});
/** What the provider appends to the redirect URI (RFC 6749 §4.1.2, RFC 9207 `iss`); other parameters pass. */
export const OidcCallbackQuery = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(4096).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
});
/** OpenID Connect Back-Channel Logout 1.0: the provider posts a signed logout token, form-encoded. */
export const OidcBackchannelLogoutBody = z.object({ logout_token: z.string().min(1).max(16_384) });
