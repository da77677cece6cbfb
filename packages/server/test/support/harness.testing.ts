import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { ImapFlow } from 'imapflow';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/infra/config.js';
import { randomToken } from '../../src/infra/crypto.js';
import { TestClient } from './http-client.testing.js';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export type DbKind = 'sqlite' | 'postgres';
export const dbKinds: DbKind[] = ['sqlite', 'postgres'];

/** Creates a mailbox user in the shared test mail stack (unique per call), with the default quota or `quotaMb`. */
export async function newMailUser(
  prefix: string,
  options: { quotaMb?: number; password?: string } = {},
): Promise<{ email: string; password: string }> {
  const stack = inject('mailstack');
  const email = `${prefix}-${randomToken(5)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}@example.test`;
  const password = options.password ?? `pw-${randomToken(8)}`;
  const quota = options.quotaMb === undefined ? [] : [String(options.quotaMb)];
  await run('bash', [path.join(repoRoot, 'mailstack/bin/add-user.sh'), email, password, ...quota], {
    env: { ...process.env, MAILSTACK_DIR: stack.dir, MAILSTACK_PORT_BASE: String(stack.portBase) },
  });
  return { email, password };
}

/** A direct IMAP connection as the user, for putting test mail in place and checking results. */
export async function imapAs(user: { email: string; password: string }): Promise<ImapFlow> {
  const stack = inject('mailstack');
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: stack.ports.imap,
    secure: false,
    auth: { user: user.email, pass: user.password },
    logger: false,
  });
  await client.connect();
  return client;
}

/** A new, empty PostgreSQL database on the test cluster; its URL. */
export async function freshPostgresDatabase(): Promise<string> {
  const adminUrl = inject('postgresUrl');
  const name = `wm_${randomToken(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return adminUrl.replace(/\/[^/]*$/, `/${name}`);
}

/**
 * How a test server reaches the sandbox: the webmail's own doors, as in production (two-factor accounts keep their
 * password there only), and the sandbox's default mode, in which the webmail logs in as itself for the user (master
 * passdb, authzid). Tests of the other mode pass MAIL_ACCESS=password.
 */
export function mailDoors(stack: ReturnType<typeof inject<'mailstack'>>): Record<string, string> {
  return {
    IMAP_PORT: String(stack.ports.webmailImap),
    SMTP_PORT: String(stack.ports.webmailSubmission),
    SIEVE_PORT: String(stack.ports.webmailSieve),
    MAIL_ACCESS: 'delegated',
    MAIL_MASTER_USER: stack.master.user,
    MAIL_MASTER_PASSWORD_FILE: stack.master.passwordFile,
  };
}

/** The PUBLIC_URL test servers run with unless a test sets its own. */
export const testPublicUrl = 'http://webmail.example.test';

/** Starts a real server on a free port against the test mail stack and the chosen database. */
export async function startServer(
  db: DbKind,
  env: Record<string, string> = {},
  options: Parameters<typeof buildApp>[1] = {},
) {
  const stack = inject('mailstack');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wm-server-'));
  // The sandbox's password command finds its stack by these (the server passes its environment on).
  process.env.MAILSTACK_DIR = stack.dir;
  process.env.MAILSTACK_PORT_BASE = String(stack.portBase);
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...mailDoors(stack),
    DOVEADM_URL: stack.doveadm.url,
    DOVEADM_API_KEY_FILE: stack.doveadm.apiKeyFile,
    MAIL_AUTH_DB: path.join(stack.dir, 'users.sqlite'),
    MAIL_SENDER_DB: path.join(stack.dir, 'senders.sqlite'),
    MAIL_AUTH_REPORT_SECRET: stack.reportSecret,
    PASSWORD_DRIVER: 'command',
    PASSWORD_COMMAND: path.join(repoRoot, 'mailstack/bin/set-password.sh'),
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    // Where links in mail point (the server listens on a port chosen later; tests open links by their path).
    PUBLIC_URL: testPublicUrl,
    // Every answer is checked against its contract, also the hot routes' that production writes unchecked.
    CHECK_ALL_RESPONSES: 'true',
    ...(db === 'postgres' ? { DATABASE_URL: await freshPostgresDatabase() } : {}),
    ...env,
  });
  const app = await buildApp(config, options);
  // Port 0 (any free one) unless the test asks for one (the mail server's reports go to a fixed port).
  await app.listen({ host: '127.0.0.1', port: Number(env.PORT ?? 0) });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not listen on a port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const databaseUrl = config.database.kind === 'postgres' ? config.database.url : null;
  return {
    app,
    config,
    baseUrl,
    databaseUrl,
    client: () => new TestClient(baseUrl),
    close: () => app.close(),
  };
}
