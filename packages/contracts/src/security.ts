import { z } from 'zod';
import { TwoFactorMethod } from './auth.js';
import { WebauthnCreationOptions, WebauthnRequestOptions, WebauthnRegistrationResponse } from './webauthn.js';

/** Application password scopes: which protocols it opens (`all` = every one). */
export const applicationPasswordScopes = ['imap', 'pop3', 'smtp', 'all'] as const;
export const ApplicationPasswordScope = z.enum(applicationPasswordScopes);
export type ApplicationPasswordScope = z.infer<typeof ApplicationPasswordScope>;

/** Protocols the security log and last uses name. */
export const securityProtocols = ['web', 'imap', 'pop3', 'smtp'] as const;
export const SecurityProtocol = z.enum(securityProtocols);
export type SecurityProtocol = z.infer<typeof SecurityProtocol>;

/** Every kind of security-log entry. */
export const securityEventTypes = [
  'signIn',
  // Signed in through the identity provider (single sign-on); its name is the configured OIDC_NAME.
  'signInOidc',
  // Token pass-through: the provider refused to refresh the session's access token, so the session ended.
  'signInOidcEnded',
  'signInFailed',
  'twoFactorEnabled',
  'twoFactorDisabled',
  'twoFactorChecked',
  'twoFactorFailed',
  'recoveryCodeUsed',
  'recoveryCodesRegenerated',
  'passkeyAdded',
  'passkeyRemoved',
  'applicationPasswordCreated',
  'applicationPasswordDeleted',
  'applicationPasswordUsed',
  'passwordChanged',
  'sessionRevoked',
  'filtersChanged',
  'forwardingChanged',
  // Settings: a confirmed outgoing address lets the account send as someone else; so it is logged, as is removal.
  'outgoingAddressVerified',
  'outgoingAddressDeleted',
  // The webmail worked on the mailbox on the owner's behalf while they were away (folder retention…): which job is
  // in the device column, which server process in the address column.
  'backgroundMailAccess',
  // The server left a mailing list for the user (a one-click POST or an unsubscribe mail in their name).
  'listUnsubscribed',
] as const;
export const SecurityEventType = z.enum(securityEventTypes);
export type SecurityEventType = z.infer<typeof SecurityEventType>;

/** A parsed user agent: what a person recognises (browser, system), or nulls when unknown. */
export const DeviceInfo = z.object({
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** mobile, tablet, … ; null for a desktop or an unknown device. */
  type: z.string().nullable(),
});
export type DeviceInfo = z.infer<typeof DeviceInfo>;

/** Application password, as listed (the password itself is shown once, at creation). */
export const ApplicationPassword = z
  .object({
    id: z.string(),
    description: z.string(),
    scopes: z.array(ApplicationPasswordScope),
    createdAt: z.number().int(),
    lastUse: z.object({ at: z.number().int(), ip: z.string(), protocol: SecurityProtocol }).nullable(),
  })
  .meta({ id: 'ApplicationPassword' });
export type ApplicationPassword = z.infer<typeof ApplicationPassword>;

export const ApplicationPasswordList = z.object({
  /** False when the mail server does not ask the webmail (no MAIL_AUTH_DB): none can be made. */
  supported: z.boolean(),
  max: z.number().int(),
  items: z.array(ApplicationPassword),
});
export type ApplicationPasswordList = z.infer<typeof ApplicationPasswordList>;

export const applicationPasswordLimits = { descriptionMax: 100 } as const;
export const ApplicationPasswordCreate = z
  .object({
    description: z.string().trim().min(1).max(applicationPasswordLimits.descriptionMax),
    scopes: z.array(ApplicationPasswordScope).min(1).max(4),
  })
  .strict();
export type ApplicationPasswordCreate = z.infer<typeof ApplicationPasswordCreate>;

/** 16 lowercase letters, shown once (in groups of four). */
export const ApplicationPasswordCreated = z.object({
  item: ApplicationPassword,
  password: z.string().regex(/^[a-z]{16}$/),
});
export type ApplicationPasswordCreated = z.infer<typeof ApplicationPasswordCreated>;

/** A passkey (WebAuthn credential) of the account. */
export const WebauthnCredential = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: z.number().int(),
    lastUsedAt: z.number().int().nullable(),
  })
  .meta({ id: 'WebauthnCredential' });
export type WebauthnCredential = z.infer<typeof WebauthnCredential>;

export const passkeyNameMax = 60;
export const PasskeyName = z.string().trim().min(1).max(passkeyNameMax);

/** Two-factor state of the account. */
export const TwoFactorStatus = z.object({
  /** Methods that sign-in asks for (empty: two-factor sign-in is off). */
  methods: z.array(TwoFactorMethod),
  totp: z.object({ enabled: z.boolean(), enabledAt: z.number().int().nullable() }),
  webauthn: z.array(WebauthnCredential),
  recoveryCodesLeft: z.number().int(),
  /** Until when a change needs no new check of the password (epoch ms); null: a check is needed first. */
  reauthenticatedUntil: z.number().int().nullable(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

export const TotpCode = z.string().regex(/^[0-9]{6}$/);
/** A second-factor code typed at sign-in or to re-authenticate: six digits, or a recovery code. */
export const SecondFactorCode = z.string().trim().min(6).max(32);

export const TotpSetup = z.object({
  /** Base32, for typing into an authenticator app by hand. */
  secret: z.string(),
  /** `otpauth://totp/…`, shown as a QR code. */
  uri: z.string(),
});
export type TotpSetup = z.infer<typeof TotpSetup>;

export const TotpEnable = z.object({ code: TotpCode }).strict();
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

/** Re-authentication before a change of the second factors: the password, or a current second-factor code. */
export const Reauthenticate = z
  .object({ password: z.string().min(1).max(1024).optional(), code: SecondFactorCode.optional() })
  .strict()
  .refine((v) => (v.password === undefined) !== (v.code === undefined), {
    message: 'Give either the password or a code',
    params: { code: 'invalid' },
  });
export type Reauthenticate = z.infer<typeof Reauthenticate>;
export const ReauthenticateResponse = z.object({ reauthenticatedUntil: z.number().int() });

/** A passkey registration's options (`GET …/passkeys/options`). */
export const WebauthnOptions = z.object({ options: WebauthnCreationOptions });
export type WebauthnOptions = z.infer<typeof WebauthnOptions>;
/** A passkey sign-in's options (`POST /auth/2fa/webauthn/options`). */
export const WebauthnSignInOptions = z.object({ options: WebauthnRequestOptions });
export type WebauthnSignInOptions = z.infer<typeof WebauthnSignInOptions>;
export const PasskeyRegister = z
  .object({ name: PasskeyName, response: WebauthnRegistrationResponse })
  .strict();
export const PasskeyRegistered = z.object({
  credential: WebauthnCredential,
  /** New recovery codes when this passkey turned two-factor sign-in on and there were none. */
  recoveryCodes: z.array(z.string()).nullable(),
});
export const PasskeyRename = z.object({ name: PasskeyName }).strict();

export const passwordLimits = { min: 8, max: 1024 } as const;
export const PasswordChange = z
  .object({
    currentPassword: z.string().min(1).max(passwordLimits.max),
    newPassword: z.string().min(passwordLimits.min).max(passwordLimits.max),
  })
  .strict();
export type PasswordChange = z.infer<typeof PasswordChange>;
export const PasswordSupport = z.object({ supported: z.boolean(), minLength: z.number().int() });
export type PasswordSupport = z.infer<typeof PasswordSupport>;

/** One security-log row: similar events of a 6-hour bucket merged, with their count. */
export const SecurityEvent = z.object({
  id: z.string(),
  type: SecurityEventType,
  protocol: SecurityProtocol,
  ip: z.string(),
  device: DeviceInfo,
  count: z.number().int(),
  firstAt: z.number().int(),
  lastAt: z.number().int(),
});
export type SecurityEvent = z.infer<typeof SecurityEvent>;
export const securityEventsPageSize = 50;
export const SecurityEventsPage = z.object({
  events: z.array(SecurityEvent),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SecurityEventsPage = z.infer<typeof SecurityEventsPage>;

/** A signed-in session of the account (any device). */
export const AccountSession = z.object({
  id: z.string(),
  current: z.boolean(),
  device: DeviceInfo,
  ip: z.string(),
  createdAt: z.number().int(),
  lastActiveAt: z.number().int(),
});
export type AccountSession = z.infer<typeof AccountSession>;
export const AccountSessions = z.object({ sessions: z.array(AccountSession) });
export type AccountSessions = z.infer<typeof AccountSessions>;

/** Dovecot's auth-policy report (`auth_policy_report_after_auth`) of one authentication. */
export const MailAuthReport = z.object({
  login: z.string().max(512),
  remote: z.string().max(64).default(''),
  protocol: z.string().max(32).default(''),
  local_port: z.string().max(8).optional(),
  app_password: z.string().max(100).optional(),
  success: z.boolean(),
  policy_reject: z.boolean().optional(),
  tls: z.boolean().optional(),
});
export type MailAuthReport = z.infer<typeof MailAuthReport>;
