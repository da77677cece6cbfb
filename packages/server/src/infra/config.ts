import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DisabledFeature } from '@webmail/contracts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the server reads. Documented in the README and .env.example. */
const EnvSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default(path.join(repoRoot, '.data')),
  DATABASE_URL: z.string().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  IMAP_HOST: z.string().default('127.0.0.1'),
  IMAP_PORT: z.coerce.number().int().default(10143),
  IMAP_SECURE: bool.default(false),
  SMTP_HOST: z.string().default('127.0.0.1'),
  SMTP_PORT: z.coerce.number().int().default(10587),
  SMTP_SECURE: bool.default(false),
  SIEVE_HOST: z.string().default('127.0.0.1'),
  SIEVE_PORT: z.coerce.number().int().default(10190),
  TLS_REJECT_UNAUTHORIZED: bool.default(true),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  IMAP_IDLE_CLOSE_SECONDS: z.coerce.number().int().min(10).default(900),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  LOGIN_LOCK_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_LOCK_SECONDS: z.coerce.number().int().min(1).default(900),
  REFRESH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RETENTION_INTERVAL_SECONDS: z.coerce.number().int().min(10).default(3600),
  AUTH_APP_URL: z.url().optional(),
  /** Comma-separated spec features to switch off: targets, folders, signatures, autoreply, contacts, filters. */
  DISABLED_FEATURES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(DisabledFeature)),
  TRUST_PROXY: bool.default(false),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'packages/web/dist')),
  LOCALES_DIR: z.string().default(path.join(repoRoot, 'packages/web/src/locales')),
});

export type Config = ReturnType<typeof loadConfig>;

/** Reads the environment once. Throws a readable error on a bad value. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    dataDir: e.DATA_DIR,
    database: e.DATABASE_URL?.startsWith('postgres')
      ? ({ kind: 'postgres', url: e.DATABASE_URL } as const)
      : ({ kind: 'sqlite', file: e.DATABASE_URL ?? path.join(e.DATA_DIR, 'webmail.sqlite') } as const),
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(e.DATA_DIR),
    imap: { host: e.IMAP_HOST, port: e.IMAP_PORT, secure: e.IMAP_SECURE },
    smtp: { host: e.SMTP_HOST, port: e.SMTP_PORT, secure: e.SMTP_SECURE },
    sieve: { host: e.SIEVE_HOST, port: e.SIEVE_PORT },
    tlsRejectUnauthorized: e.TLS_REJECT_UNAUTHORIZED,
    accessTokenTtlMs: e.ACCESS_TOKEN_TTL_SECONDS * 1000,
    sessionTtlMs: e.SESSION_TTL_DAYS * 86_400_000,
    imapIdleCloseMs: e.IMAP_IDLE_CLOSE_SECONDS * 1000,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    loginLock: { failures: e.LOGIN_LOCK_FAILURES, windowMs: e.LOGIN_LOCK_SECONDS * 1000 },
    refreshRateLimitPerMinute: e.REFRESH_RATE_LIMIT_PER_MINUTE,
    retentionIntervalMs: e.RETENTION_INTERVAL_SECONDS * 1000,
    disabledFeatures: e.DISABLED_FEATURES,
    authAppUrl: e.AUTH_APP_URL?.replace(/\/+$/, '') ?? null,
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE,
    webDistDir: e.WEB_DIST_DIR,
    localesDir: e.LOCALES_DIR,
  };
}

/**
 * Without SESSION_SECRET the server keeps a random one under DATA_DIR, so sessions survive a restart
 * of a single node. Several nodes must share SESSION_SECRET.
 */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
