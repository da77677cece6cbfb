/**
 * Where a benchmark runs: its own sandboxed mailstack + webmail server on other ports (default), or a
 * running demo (`BENCH_URL`; then MAILSTACK_DIR / MAILSTACK_PORT_BASE name its mailstack, which doveadm
 * needs for seeding). Everything started here is stopped by `stop()`.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { StackTarget } from './seed/maildir-seed.js';

const run = promisify(execFile);
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BenchEnvironment {
  baseUrl: string;
  imapPort: number;
  stack: StackTarget;
  user: { email: string; password: string };
  /** The server's process id when the bench started it (for its memory). */
  serverPid?: number;
  /** IMAP connections the mail server holds for this user now (`doveadm who`). */
  imapConnections: (email: string) => Promise<number>;
  stop: () => Promise<void>;
}

/** Adds (or updates) a mail user in the bench's stack. */
export async function addUser(stack: StackTarget, user: { email: string; password: string }): Promise<void> {
  await script('add-user.sh', stack, [user.email, user.password]);
}

/** Adds (or updates) many mail users in one call (`add-user.sh --batch`: one hashing process, one transaction). */
export async function addUsers(
  stack: StackTarget,
  users: Array<{ email: string; password: string }>,
): Promise<void> {
  const child = spawn('bash', [path.join(repoRoot, 'mailstack/bin/add-user.sh'), '--batch'], {
    env: { ...process.env, MAILSTACK_DIR: stack.dir, MAILSTACK_PORT_BASE: String(stack.portBase) },
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(users.map((u) => `${u.email} ${u.password}\n`).join(''));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`add-user.sh --batch failed (${code}): ${stderr.trim()}`);
}

async function imapConnections(stack: StackTarget, email: string): Promise<number> {
  const { stdout } = (await script('doveadm.sh', stack, ['who', email])) as { stdout: string };
  // `username  #  proto  (pids)  (ips)`: the second column counts the user's connections of that protocol.
  return stdout
    .split('\n')
    .filter((line) => line.startsWith(email))
    .reduce((sum, line) => sum + Number(line.trim().split(/\s+/)[1] ?? 0), 0);
}

function script(name: string, stack: StackTarget, args: string[] = []): Promise<unknown> {
  return run('bash', [path.join(repoRoot, 'mailstack/bin', name), ...args], {
    env: { ...process.env, MAILSTACK_DIR: stack.dir, MAILSTACK_PORT_BASE: String(stack.portBase) },
  });
}

/**
 * Each benchmark has its own defaults (ports, user), so two of them can run side by side; the
 * BENCH_MAILSTACK_PORT_BASE / BENCH_SERVER_PORT variables still override the ports.
 */
export interface EnvironmentDefaults {
  user: { email: string; password: string };
  portBase: number;
  serverPort: number;
}

const mailboxBenchDefaults: EnvironmentDefaults = {
  user: { email: 'mailbox-bench@example.test', password: 'mailbox-bench-pw' },
  portBase: 26000,
  serverPort: 8282,
};

export async function prepareEnvironment(
  defaults: EnvironmentDefaults = mailboxBenchDefaults,
): Promise<BenchEnvironment> {
  const { user } = defaults;
  if (process.env.BENCH_URL) {
    const stack = {
      dir: process.env.MAILSTACK_DIR ?? path.join(repoRoot, '.data/mailstack'),
      portBase: Number(process.env.MAILSTACK_PORT_BASE ?? 10000),
    };
    await script('add-user.sh', stack, [user.email, user.password]);
    return {
      baseUrl: process.env.BENCH_URL,
      imapPort: stack.portBase + 143,
      stack,
      user,
      imapConnections: (email) => imapConnections(stack, email),
      stop: async () => {},
    };
  }
  const portBase = Number(process.env.BENCH_MAILSTACK_PORT_BASE ?? defaults.portBase);
  const serverPort = Number(process.env.BENCH_SERVER_PORT ?? defaults.serverPort);
  // Keep BENCH_STATE_DIR to reuse the seeded folders on the next run (seeding is skipped when done).
  const root = process.env.BENCH_STATE_DIR ?? mkdtempSync('/tmp/wmbench.');
  const stack = { dir: path.join(root, 'ms'), portBase };
  await script('start.sh', stack);
  await script('add-user.sh', stack, [user.email, user.password]);
  const server = startServer(root, serverPort, portBase);
  const baseUrl = `http://127.0.0.1:${serverPort}`;
  const stop = async () => {
    await stopServer(server);
    await script('stop.sh', stack);
    if (!process.env.BENCH_STATE_DIR) rmSync(root, { recursive: true, force: true });
  };
  try {
    await waitForServer(server, baseUrl);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    baseUrl,
    imapPort: portBase + 143,
    stack,
    user,
    serverPid: server.pid,
    imapConnections: (email) => imapConnections(stack, email),
    stop,
  };
}

/**
 * The server from source (tsx, the `source` export condition for @webmail/contracts), so the bench
 * measures the working tree without a build step; runtime code is the same JavaScript a build emits.
 * `BENCH_SERVER_BUILT=1` runs the built server instead (`node packages/server/dist/main.js`, as `npm start`;
 * build first): the same code without tsx's compiler and source maps in the process, for its memory.
 * `BENCH_SERVER_MAIN` names another built entry (a copy of an earlier build, to compare two builds on one stack).
 */
function startServer(root: string, port: number, portBase: number): ChildProcess {
  // BENCH_SERVER_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (`node --cpu-prof`).
  const profile = process.env.BENCH_SERVER_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_CPU_PROF}`]
    : [];
  // As `npm start` runs it: a larger young generation (packages/server/ARCHITECTURE.md, "The warm list path").
  // BENCH_SERVER_NODE_ARGS replaces these node options (`''` for none, as before that setting).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '--max-semi-space-size=64')
    .split(' ')
    .filter(Boolean);
  const args = [
    ...nodeArgs,
    ...profile,
    ...(process.env.BENCH_SERVER_BUILT === '1'
      ? [process.env.BENCH_SERVER_MAIN ?? 'packages/server/dist/main.js']
      : ['--conditions=source', '--import', 'tsx', 'packages/server/src/main.ts']),
  ];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(root, 'server'),
      IMAP_PORT: String(portBase + 143),
      SMTP_PORT: String(portBase + 587),
      SIEVE_PORT: String(portBase + 190),
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      // The cold rows sign in once per run.
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function waitForServer(server: ChildProcess, baseUrl: string): Promise<void> {
  // Two minutes: on a loaded shared machine tsx's start alone can take more than half of one.
  for (let i = 0; i < 1200; i += 1) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not answer within 120 s');
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (server.exitCode === null) server.kill('SIGKILL');
}
