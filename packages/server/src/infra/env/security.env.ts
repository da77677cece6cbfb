import { z } from 'zod';

/** Sessions, sign-in limits, two-factor sign-in, passkeys, application passwords and password changes. */
export const securityEnvShape = {
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  LOGIN_LOCK_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_LOCK_SECONDS: z.coerce.number().int().min(1).default(900),
  REFRESH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RETENTION_INTERVAL_SECONDS: z.coerce.number().int().min(10).default(3600),
  APP_PASSWORDS_MAX: z.coerce.number().int().min(1).max(1000).default(100),
  /** How the account password is changed: none (the page says so), command, sql (users table of MAIL_AUTH_DB). */
  PASSWORD_DRIVER: z.enum(['none', 'command', 'sql']).default('none'),
  /** For PASSWORD_DRIVER=command: a program given the address as its argument and the new password on stdin. */
  PASSWORD_COMMAND: z.string().optional(),
  /** WebAuthn relying party; default: PUBLIC_URL's host name and origin (else localhost, for development). */
  WEBAUTHN_RP_ID: z.string().optional(),
  WEBAUTHN_ORIGIN: z.url().optional(),
  WEBAUTHN_RP_NAME: z.string().default('Webmail'),
  /** Wrong second-factor codes after which each further one locks, with a growing delay. */
  TWO_FACTOR_LOCK_FAILURES: z.coerce.number().int().min(1).default(5),
  /** Minutes a pending sign-in (password right, second factor not yet given) lives. */
  TWO_FACTOR_PENDING_MINUTES: z.coerce.number().int().min(1).max(30).default(5),
};
