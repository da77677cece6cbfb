import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DisabledFeature } from '@webmail/contracts';
import { oidcConfig, oidcEnvShape } from './oidc-config.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the server reads. Documented in the README and .env.example. */
const EnvSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Check every answer against its zod schema, also those of the few hot routes that skip the check in production
   * (`exactAnswer` in endpoint-route.ts). On in the server tests and the browser tests.
   */
  CHECK_ALL_RESPONSES: bool.default(false),
  /**
   * TEST ONLY. `1` lets tests move the server's clock for timed work (send later) through `POST /api/test/clock`;
   * refused with NODE_ENV=production.
   */
  TEST_CLOCK: z.enum(['0', '1']).default('0'),
  NODE_ENV: z.string().optional(),
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
  /**
   * How the webmail reaches a mailbox after sign-in: `delegated` (a master credential on the user's behalf, SASL
   * PLAIN with authzid; no user password kept; background work for absent owners) or `password` (the user's own
   * password sealed per session).
   */
  MAIL_ACCESS: z.enum(['delegated', 'password']).default('password'),
  MAIL_MASTER_USER: z.string().min(1).optional(),
  MAIL_MASTER_PASSWORD: z.string().min(1).optional(),
  /** A file holding the master password (read once at start; trailing whitespace dropped). */
  MAIL_MASTER_PASSWORD_FILE: z.string().min(1).optional(),
  /** Dovecot's doveadm HTTP API (e.g. http://127.0.0.1:8080): kicks the sessions of revoked credentials. */
  /** This process's name in the security log's entries for background mail work (default: host name and pid). */
  NODE_NAME: z.string().min(1).max(64).optional(),
  DOVEADM_URL: z.union([z.literal(''), z.url()]).optional(),
  DOVEADM_API_KEY: z.string().min(1).optional(),
  DOVEADM_API_KEY_FILE: z.string().min(1).optional(),
  TLS_REJECT_UNAUTHORIZED: bool.default(true),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  IMAP_IDLE_CLOSE_SECONDS: z.coerce.number().int().min(10).default(900),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  LOGIN_LOCK_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_LOCK_SECONDS: z.coerce.number().int().min(1).default(900),
  REFRESH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RETENTION_INTERVAL_SECONDS: z.coerce.number().int().min(10).default(3600),
  /** How often snoozed messages whose time came are woken (delegated mail access only). */
  SNOOZE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How many accounts one wake pass wakes at once (each holds one IMAP connection while it works). */
  SNOOZE_WAKE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** Undo-send delay when the send request names none (default 10 s; 0 sends at once). */
  SEND_UNDO_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  /** The SMTP server files sent mail in Sent itself (e.g. Gmail): the webmail then appends no copy. */
  SMTP_SAVES_SENT: bool.default(false),
  /** Compose uploads unused for this long are deleted (a saved draft keeps its attachments in IMAP). */
  COMPOSE_UPLOAD_TTL_HOURS: z.coerce.number().int().min(1).default(168),
  /** How old the recent-party harvest of Inbox/Sent may get before a search refreshes it. */
  RECENT_PARTIES_REFRESH_SECONDS: z.coerce.number().int().min(1).default(600),
  /** Contacts one account may keep; imports beyond it are reported per entry. */
  CONTACTS_MAX_PER_USER: z.coerce.number().int().min(1).default(20_000),
  /** Largest contacts import file (vCard or CSV). */
  CONTACTS_IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  /** Largest avatar image upload (it is stored resized to at most 256 px). */
  CONTACTS_AVATAR_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  /**
   * Cross-folder search: `auto` uses the server's "all mail" virtual folders when they exist (Dovecot's virtual
   * plugin; one SEARCH + SORT for every folder), else searches folder by folder; `allMail` / `folders` force one.
   */
  SEARCH_ENGINE: z.enum(['auto', 'allMail', 'folders']).default('auto'),
  /** The virtual folder of every folder but Trash and Junk (`*`, `-Trash`, `-Trash/*`, `-Junk`, `-Junk/*`). */
  SEARCH_ALL_MAIL_FOLDER: z.string().min(1).default('Virtual/All'),
  /** The virtual folder of every folder (`in:anywhere`). */
  SEARCH_ANYWHERE_FOLDER: z.string().min(1).default('Virtual/Anywhere'),
  /**
   * Where users reach the webmail (scheme, host and any path prefix). Every absolute URL the server writes (links in
   * mail, the passkey relying party when WEBAUTHN_* are unset) comes from here, never from a request's Host or
   * X-Forwarded-* headers, which the sender of the request chooses.
   */
  PUBLIC_URL: z.preprocess((v) => v || undefined, z.url({ protocol: /^https?$/ }).optional()),
  AUTH_APP_URL: z.url().optional(),
  /** Comma-separated features to switch off: targets, folders, signatures, autoreply, contacts, filters. */
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
  /**
   * The first-use tour: `false` offers it to nobody (the user details report onboarding as completed),
   * for deployments that introduce the product their own way.
   */
  ONBOARDING_TOUR: bool.default(true),
  /** Where the Upgrade page sends users to get the features their plan lacks; unset = the page links nowhere. */
  UPGRADE_URL: z.url().optional(),
  /** Where feedback is also mailed (from the user's own address, through SMTP); unset = only stored. */
  FEEDBACK_EMAIL: z.email().optional(),
  IMAGE_PROXY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  IMAGE_PROXY_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  IMAGE_PROXY_TIMEOUT_SECONDS: z.coerce.number().min(1).default(10),
  /**
   * TEST ONLY. Comma-separated `host=address` pairs the image proxy resolves without DNS and allows even
   * though the address is private (so tests can serve "remote" images from a local server).
   */
  IMAGE_PROXY_TEST_RESOLVE: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const map = new Map<string, string>();
      for (const pair of v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const [host, address] = pair.split('=').map((s) => s.trim().toLowerCase());
        if (!host || !address || !isIP(address)) {
          ctx.addIssue({ code: 'custom', message: `expected host=ip, got "${pair}"` });
          continue;
        }
        map.set(host, address);
      }
      return map;
    }),
  /**
   * Comma-separated host names or IP literals that the server's outbound requests (image proxy, one-click
   * unsubscribe) may reach although they are not public addresses, on any port and over plain http too: an
   * intranet list server, or a test listener on loopback. Empty (the default) = public addresses only.
   */
  OUTBOUND_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform(
      (v) =>
        new Set(
          v
            .split(',')
            .map((s) =>
              s
                .trim()
                .replace(/^\[|\]$/g, '')
                .toLowerCase(),
            )
            .filter(Boolean),
        ) as ReadonlySet<string>,
    ),
  /** One-click unsubscribe (RFC 8058): the whole POST must be answered within this time. */
  UNSUBSCRIBE_TIMEOUT_SECONDS: z.coerce.number().min(1).default(10),
  /** How long events are kept for streams that reconnect (`Last-Event-ID`); older gaps mean a full refetch. */
  EVENT_REPLAY_SECONDS: z.coerce.number().int().min(10).default(600),
  EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).default(20),
  EVENT_STREAMS_MAX: z.coerce.number().int().min(1).default(5000),
  /** Mailbox watchers (one IMAP connection each, for live mail) per server process. */
  EVENT_WATCHERS_MAX: z.coerce.number().int().min(0).default(1000),
  /** While an account's live mail is off (no watcher slot, the mail server away), its browsers refresh this often. */
  EVENT_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** A watcher stays this long after its account's last stream closed (a reload reuses it). */
  EVENT_WATCHER_GRACE_SECONDS: z.coerce.number().int().min(0).default(30),
  /**
   * The mail server's credentials database (a SQLite file or a postgres:// URL) that its passdb reads:
   * application passwords and the accounts whose account password works only through the webmail. Without it
   * application passwords are unavailable and outside mail clients keep the account password under 2FA.
   */
  MAIL_AUTH_DB: z.string().optional(),
  /** Bearer secret of the mail server's authentication reports (`POST /api/mail-auth/report`); unset = off. */
  /**
   * The mail server's sender-login table (a SQLite file or a postgres:// URL; `sender_logins(address, email)`) that
   * its submission service checks the envelope sender against. The webmail writes the verified outgoing addresses
   * there. Without it the webmail still keeps and verifies them, and the mail server decides on its own.
   */
  MAIL_SENDER_DB: z.string().optional(),
  MAIL_AUTH_REPORT_SECRET: z.string().min(16).optional(),
  /**
   * Live mail: `push` (the mail server POSTs its changes to `/api/mail-push`; an open browser holds no IMAP
   * connection) or `watcher` (one IMAP NOTIFY connection per account with an open stream, for mail servers without
   * push). Default: push when MAIL_PUSH_SECRET is set and MAIL_ACCESS=delegated (the door push reads through).
   */
  LIVE_MAIL: z.enum(['push', 'watcher']).optional(),
  /** Bearer secret of the mail server's pushes (`POST /api/mail-push`); unset = that route answers 404. */
  MAIL_PUSH_SECRET: z.string().min(16).optional(),
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
  TRUST_PROXY: bool.default(false),
  /**
   * Where Prometheus scrapes the metrics (outside /api; empty: no metrics endpoint). Without METRICS_TOKEN only
   * direct connections from this host (no proxy in between) may read them.
   */
  METRICS_PATH: z
    .union([z.literal(''), z.string().regex(/^\/[A-Za-z0-9._/-]*$/)])
    .refine((p) => p !== '/' && !/^\/api(\/|$)/.test(p), 'must not be / or under /api')
    .default('/metrics'),
  /** On SIGTERM/SIGINT, how long in-flight requests and sends may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** A bearer token for the metrics endpoint; set it to scrape from another host. */
  METRICS_TOKEN: z.string().min(16).optional(),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  /**
   * SQLite's `synchronous` in WAL mode. `normal`: a commit does not wait for the disk (a checkpoint does); the
   * database stays consistent, and only the last commits can be lost to a power cut or an OS crash, never to the
   * process ending. `full`: every commit waits for the disk, inside the event loop (better-sqlite3 is synchronous).
   */
  SQLITE_SYNCHRONOUS: z.enum(['normal', 'full']).default('normal'),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'packages/web/dist')),
  LOCALES_DIR: z.string().default(path.join(repoRoot, 'packages/web/src/locales')),
  ...oidcEnvShape,
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
  if (e.TEST_CLOCK === '1' && e.NODE_ENV === 'production') {
    throw new Error(
      'Invalid configuration:\n  TEST_CLOCK: a movable clock is for tests, not with NODE_ENV=production',
    );
  }
  return {
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    checkAllResponses: e.CHECK_ALL_RESPONSES,
    testClock: e.TEST_CLOCK === '1',
    dataDir: e.DATA_DIR,
    database: e.DATABASE_URL?.startsWith('postgres')
      ? ({ kind: 'postgres', url: e.DATABASE_URL } as const)
      : ({
          kind: 'sqlite',
          file: e.DATABASE_URL ?? path.join(e.DATA_DIR, 'webmail.sqlite'),
          synchronous: e.SQLITE_SYNCHRONOUS,
        } as const),
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(e.DATA_DIR),
    imap: { host: e.IMAP_HOST, port: e.IMAP_PORT, secure: e.IMAP_SECURE },
    smtp: { host: e.SMTP_HOST, port: e.SMTP_PORT, secure: e.SMTP_SECURE },
    sieve: { host: e.SIEVE_HOST, port: e.SIEVE_PORT },
    mailAccess: {
      mode: e.MAIL_ACCESS,
      masterUser: e.MAIL_MASTER_USER ?? null,
      masterPassword: e.MAIL_MASTER_PASSWORD ?? null,
      masterPasswordFile: e.MAIL_MASTER_PASSWORD_FILE ?? null,
    },
    nodeName: e.NODE_NAME ?? `${hostname()}:${process.pid}`.slice(0, 64),
    doveadm: e.DOVEADM_URL
      ? {
          url: e.DOVEADM_URL.replace(/\/+$/, ''),
          apiKey: e.DOVEADM_API_KEY ?? null,
          apiKeyFile: e.DOVEADM_API_KEY_FILE ?? null,
        }
      : null,
    tlsRejectUnauthorized: e.TLS_REJECT_UNAUTHORIZED,
    accessTokenTtlMs: e.ACCESS_TOKEN_TTL_SECONDS * 1000,
    sessionTtlMs: e.SESSION_TTL_DAYS * 86_400_000,
    imapIdleCloseMs: e.IMAP_IDLE_CLOSE_SECONDS * 1000,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    loginLock: { failures: e.LOGIN_LOCK_FAILURES, windowMs: e.LOGIN_LOCK_SECONDS * 1000 },
    refreshRateLimitPerMinute: e.REFRESH_RATE_LIMIT_PER_MINUTE,
    retentionIntervalMs: e.RETENTION_INTERVAL_SECONDS * 1000,
    snoozeIntervalMs: e.SNOOZE_INTERVAL_SECONDS * 1000,
    snoozeWakeConcurrency: e.SNOOZE_WAKE_CONCURRENCY,
    compose: {
      undoSendSeconds: e.SEND_UNDO_SECONDS,
      smtpSavesSent: e.SMTP_SAVES_SENT,
      uploadTtlMs: e.COMPOSE_UPLOAD_TTL_HOURS * 3_600_000,
      recentPartiesRefreshMs: e.RECENT_PARTIES_REFRESH_SECONDS * 1000,
    },
    search: {
      engine: e.SEARCH_ENGINE,
      allMailFolder: e.SEARCH_ALL_MAIL_FOLDER,
      anywhereFolder: e.SEARCH_ANYWHERE_FOLDER,
    },
    disabledFeatures: e.DISABLED_FEATURES,
    onboardingTour: e.ONBOARDING_TOUR,
    upgradeUrl: e.UPGRADE_URL ?? null,
    feedbackEmail: e.FEEDBACK_EMAIL ?? null,
    contacts: {
      maxPerUser: e.CONTACTS_MAX_PER_USER,
      importMaxBytes: e.CONTACTS_IMPORT_MAX_BYTES,
      avatarMaxBytes: e.CONTACTS_AVATAR_MAX_BYTES,
    },
    imageProxy: {
      rateLimitPerMinute: e.IMAGE_PROXY_RATE_LIMIT_PER_MINUTE,
      maxBytes: e.IMAGE_PROXY_MAX_BYTES,
      timeoutMs: e.IMAGE_PROXY_TIMEOUT_SECONDS * 1000,
      testResolve: e.IMAGE_PROXY_TEST_RESOLVE as ReadonlyMap<string, string>,
      allowHosts: e.OUTBOUND_ALLOW_HOSTS,
    },
    unsubscribe: {
      timeoutMs: e.UNSUBSCRIBE_TIMEOUT_SECONDS * 1000,
      policy: { testResolve: new Map<string, string>(), allowHosts: e.OUTBOUND_ALLOW_HOSTS },
    },
    mailSenderDb: e.MAIL_SENDER_DB ?? null,
    events: {
      replayMs: e.EVENT_REPLAY_SECONDS * 1000,
      streamsPerUser: e.EVENT_STREAMS_PER_USER,
      streamsMax: e.EVENT_STREAMS_MAX,
      watchersMax: e.EVENT_WATCHERS_MAX,
      watcherGraceMs: e.EVENT_WATCHER_GRACE_SECONDS * 1000,
      liveMail: liveMailOf(e),
      pushSecret: e.MAIL_PUSH_SECRET ?? null,
      pollSeconds: e.EVENT_POLL_SECONDS,
    },
    security: {
      mailAuthDb: e.MAIL_AUTH_DB ?? null,
      mailAuthReportSecret: e.MAIL_AUTH_REPORT_SECRET ?? null,
      appPasswordsMax: e.APP_PASSWORDS_MAX,
      passwordDriver: e.PASSWORD_DRIVER,
      passwordCommand: e.PASSWORD_COMMAND ?? null,
      webauthn: { ...relyingParty(e), rpName: e.WEBAUTHN_RP_NAME },
      twoFactorLockFailures: e.TWO_FACTOR_LOCK_FAILURES,
      pendingSignInMs: e.TWO_FACTOR_PENDING_MINUTES * 60_000,
      reauthMs: 5 * 60_000,
    },
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, '') ?? null,
    authAppUrl: e.AUTH_APP_URL?.replace(/\/+$/, '') ?? null,
    oidc: oidcConfig(e),
    passwordSignIn: e.PASSWORD_SIGN_IN,
    trustProxy: e.TRUST_PROXY,
    metrics: { path: e.METRICS_PATH || null, token: e.METRICS_TOKEN ?? null },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    cookieSecure: e.COOKIE_SECURE,
    webDistDir: e.WEB_DIST_DIR,
    localesDir: e.LOCALES_DIR,
  };
}

/**
 * The passkey relying party: WEBAUTHN_RP_ID / WEBAUTHN_ORIGIN, else PUBLIC_URL's host name and origin, else
 * `localhost` on PORT (a development default: browsers accept http only there, and a production server without
 * PUBLIC_URL is warned about at startup).
 */
function relyingParty(e: z.infer<typeof EnvSchema>): { rpId: string; origin: string } {
  const pub = e.PUBLIC_URL ? new URL(e.PUBLIC_URL) : null;
  return {
    rpId: e.WEBAUTHN_RP_ID ?? pub?.hostname ?? 'localhost',
    origin: e.WEBAUTHN_ORIGIN?.replace(/\/+$/, '') ?? pub?.origin ?? `http://localhost:${e.PORT}`,
  };
}

/** Push needs the secret the mail server sends and the delegated door it reads through; else the watchers. */
function liveMailOf(e: z.infer<typeof EnvSchema>): 'push' | 'watcher' {
  const ready = !!e.MAIL_PUSH_SECRET && e.MAIL_ACCESS === 'delegated';
  if (e.LIVE_MAIL === 'push' && !ready)
    throw new Error(
      'Invalid configuration:\n  LIVE_MAIL: push needs MAIL_PUSH_SECRET and MAIL_ACCESS=delegated',
    );
  return e.LIVE_MAIL ?? (ready ? 'push' : 'watcher');
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
