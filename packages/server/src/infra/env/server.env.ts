import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { bool } from './bool.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** The process: where it listens, what it logs, where it keeps its data, how it sits behind a proxy and what it serves. */
export const serverEnvShape = {
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
  /**
   * SQLite's `synchronous` in WAL mode. `normal`: a commit does not wait for the disk (a checkpoint does); the
   * database stays consistent, and only the last commits can be lost to a power cut or an OS crash, never to the
   * process ending. `full`: every commit waits for the disk, inside the event loop (better-sqlite3 is synchronous).
   */
  SQLITE_SYNCHRONOUS: z.enum(['normal', 'full']).default('normal'),
  SESSION_SECRET: z.string().min(32).optional(),
  /** This process's name in the security log's entries for background mail work (default: host name and pid). */
  NODE_NAME: z.string().min(1).max(64).optional(),
  /**
   * Where users reach the webmail (scheme, host and any path prefix). Every absolute URL the server writes (links in
   * mail, the passkey relying party when WEBAUTHN_* are unset) comes from here, never from a request's Host or
   * X-Forwarded-* headers, which the sender of the request chooses.
   */
  PUBLIC_URL: z.preprocess((v) => v || undefined, z.url({ protocol: /^https?$/ }).optional()),
  AUTH_APP_URL: z.url().optional(),
  TRUST_PROXY: bool.default(false),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  /**
   * Where Prometheus scrapes the metrics (outside /api; empty: no metrics endpoint). Without METRICS_TOKEN only
   * direct connections from this host (no proxy in between) may read them.
   */
  METRICS_PATH: z
    .union([z.literal(''), z.string().regex(/^\/[A-Za-z0-9._/-]*$/)])
    .refine((p) => p !== '/' && !/^\/api(\/|$)/.test(p), 'must not be / or under /api')
    .default('/metrics'),
  /** A bearer token for the metrics endpoint; set it to scrape from another host. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** On SIGTERM/SIGINT, how long in-flight requests and sends may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'packages/web/dist')),
  LOCALES_DIR: z.string().default(path.join(repoRoot, 'packages/web/src/locales')),
};
