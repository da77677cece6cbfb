import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { featuresEnvShape } from './env/features.env.js';
import { mailEnvShape } from './env/mail.env.js';
import { securityEnvShape } from './env/security.env.js';
import { serverEnvShape } from './env/server.env.js';
import { oidcConfig, oidcEnvShape } from './oidc-config.js';

/** Every environment variable the server reads, by section. Documented in the README and .env.example. */
const EnvSchema = z.object({
  ...serverEnvShape,
  ...mailEnvShape,
  ...securityEnvShape,
  ...featuresEnvShape,
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
    ...coreConfig(e),
    ...mailServerConfig(e),
    ...sessionConfig(e),
    ...featureConfig(e),
    mailSenderDb: e.MAIL_SENDER_DB ?? null,
    events: eventsConfig(e),
    security: securityConfig(e),
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

type Env = z.output<typeof EnvSchema>;

/** The process: where it listens, what it logs, where its data and web files are. */
function coreConfig(e: Env) {
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
  };
}

/** How the webmail reaches the mail server and opens a mailbox. */
function mailServerConfig(e: Env) {
  return {
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
  };
}

/** Session lifetimes, sign-in limits and the retention sweep. */
function sessionConfig(e: Env) {
  return {
    accessTokenTtlMs: e.ACCESS_TOKEN_TTL_SECONDS * 1000,
    sessionTtlMs: e.SESSION_TTL_DAYS * 86_400_000,
    imapIdleCloseMs: e.IMAP_IDLE_CLOSE_SECONDS * 1000,
    conversationIndexGraceMs: e.CONVERSATION_INDEX_GRACE_SECONDS * 1000,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    loginLock: { failures: e.LOGIN_LOCK_FAILURES, windowMs: e.LOGIN_LOCK_SECONDS * 1000 },
    refreshRateLimitPerMinute: e.REFRESH_RATE_LIMIT_PER_MINUTE,
    retentionIntervalMs: e.RETENTION_INTERVAL_SECONDS * 1000,
  };
}

/** The features that are on and their limits. */
function featureConfig(e: Env) {
  return {
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
  };
}

/** The event streams and live mail. */
function eventsConfig(e: Env) {
  return {
    replayMs: e.EVENT_REPLAY_SECONDS * 1000,
    streamsPerUser: e.EVENT_STREAMS_PER_USER,
    streamsMax: e.EVENT_STREAMS_MAX,
    watchersMax: e.EVENT_WATCHERS_MAX,
    watcherGraceMs: e.EVENT_WATCHER_GRACE_SECONDS * 1000,
    liveMail: liveMailOf(e),
    pushSecret: e.MAIL_PUSH_SECRET ?? null,
    pollSeconds: e.EVENT_POLL_SECONDS,
  };
}

/** Two-factor sign-in, passkeys, application passwords and password changes. */
function securityConfig(e: Env) {
  return {
    mailAuthDb: e.MAIL_AUTH_DB ?? null,
    mailAuthReportSecret: e.MAIL_AUTH_REPORT_SECRET ?? null,
    appPasswordsMax: e.APP_PASSWORDS_MAX,
    passwordDriver: e.PASSWORD_DRIVER,
    passwordCommand: e.PASSWORD_COMMAND ?? null,
    webauthn: { ...relyingParty(e), rpName: e.WEBAUTHN_RP_NAME },
    twoFactorLockFailures: e.TWO_FACTOR_LOCK_FAILURES,
    pendingSignInMs: e.TWO_FACTOR_PENDING_MINUTES * 60_000,
    reauthMs: 5 * 60_000,
  };
}

/**
 * The passkey relying party: WEBAUTHN_RP_ID / WEBAUTHN_ORIGIN, else PUBLIC_URL's host name and origin, else
 * `localhost` on PORT (a development default: browsers accept http only there, and a production server without
 * PUBLIC_URL is warned about at startup).
 */
function relyingParty(e: Env): { rpId: string; origin: string } {
  const pub = e.PUBLIC_URL ? new URL(e.PUBLIC_URL) : null;
  return {
    rpId: e.WEBAUTHN_RP_ID ?? pub?.hostname ?? 'localhost',
    origin: e.WEBAUTHN_ORIGIN?.replace(/\/+$/, '') ?? pub?.origin ?? `http://localhost:${e.PORT}`,
  };
}

/** Push needs the secret the mail server sends and the delegated door it reads through; else the watchers. */
function liveMailOf(e: Env): 'push' | 'watcher' {
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
