import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { e2eMailstackDir, e2eMailstackPortBase, e2ePort, e2eReportSecret, repoRoot } from './environment';

/**
 * The port of a server a test starts itself (to kill and restart it, or to run it with other settings). Tests
 * run one at a time, so one port serves them all; it follows E2E_PORT so that side-by-side runs do not meet.
 */
export const extraServerPort = Number(process.env.E2E_EXTRA_PORT ?? e2ePort + 10);

export interface ServerOptions {
  port: number;
  /** The server's DATA_DIR (its SQLite database and session secret): keep it to restart the same server. */
  dataDir: string;
  /** stdout and stderr are appended here. */
  logFile: string;
  /** Extra or overriding environment, e.g. SEND_UNDO_SECONDS. */
  env?: Record<string, string>;
}

export interface RunningServer {
  baseUrl: string;
  process: ChildProcess;
  /** SIGTERM: the server closes its plugins and exits. */
  stop(): Promise<void>;
  /** SIGKILL: the process dies mid-request, as in a crash or an OOM kill. */
  kill(): Promise<void>;
}

/**
 * Starts the built server (`packages/server/dist/main.js`) against the test mail stack, as global-setup does for
 * the suite's own server. A test may start another one (its own port and DATA_DIR) to restart or kill it, or to
 * run it with other settings; the same DATA_DIR again is the same server after a restart.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  // Another process on the port (one left over from an interrupted run) would answer the readiness check and
  // the tests would silently run against it.
  if (await answers(baseUrl)) throw new Error(`something already answers on ${baseUrl}`);
  mkdirSync(options.dataDir, { recursive: true });
  mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = openSync(options.logFile, 'a');
  const child = spawn('node', ['packages/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      // The webmail's own doors of the sandbox (two-factor accounts keep their password there only).
      IMAP_PORT: String(e2eMailstackPortBase + 144),
      SMTP_PORT: String(e2eMailstackPortBase + 588),
      SIEVE_PORT: String(e2eMailstackPortBase + 191),
      // The sandbox's default: the webmail acts for the user with the stack's master credential (start.sh makes it).
      MAIL_ACCESS: 'delegated',
      MAIL_MASTER_USER: 'webmail-master',
      MAIL_MASTER_PASSWORD_FILE: path.join(e2eMailstackDir, 'master-password'),
      DOVEADM_URL: `http://127.0.0.1:${e2eMailstackPortBase + 192}`,
      DOVEADM_API_KEY_FILE: path.join(e2eMailstackDir, 'doveadm-api-key'),
      MAIL_AUTH_DB: path.join(e2eMailstackDir, 'users.sqlite'),
      MAIL_SENDER_DB: path.join(e2eMailstackDir, 'senders.sqlite'),
      MAIL_AUTH_REPORT_SECRET: e2eReportSecret,
      PASSWORD_DRIVER: 'command',
      PASSWORD_COMMAND: path.join(repoRoot, 'mailstack/bin/set-password.sh'),
      MAILSTACK_DIR: e2eMailstackDir,
      MAILSTACK_PORT_BASE: String(e2eMailstackPortBase),
      LOG_LEVEL: 'info',
      // Every test signs in afresh from the same address; the default 10 sign-ins a minute would throttle the
      // suite itself. The throttle has its own server tests.
      LOGIN_RATE_LIMIT_PER_MINUTE: '100',
      // Every answer is checked against its contract, also the hot routes' that production writes unchecked.
      CHECK_ALL_RESPONSES: 'true',
      // Every fresh account would be greeted by the onboarding tour's modal; only its own spec turns it on
      // (support/onboarding.ts).
      ONBOARDING_TOUR: 'false',
      // Links in mail and the passkey relying party come from here (passkey specs open the app by this name).
      PUBLIC_URL: `http://localhost:${options.port}`,
      ...options.env,
    },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    child.once('exit', () => resolve()).once('error', () => resolve());
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  try {
    await waitUntilAnswering(baseUrl, child, options.logFile);
  } catch (error) {
    await end('SIGKILL');
    throw error;
  }
  return { baseUrl, process: child, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
}

async function answers(baseUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/api/`)).ok;
  } catch {
    return false;
  }
}

async function waitUntilAnswering(baseUrl: string, child: ChildProcess, logFile: string): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}); see ${logFile}`);
    if (await answers(baseUrl)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not answer on ${baseUrl} within 30 s; see ${logFile}`);
}
