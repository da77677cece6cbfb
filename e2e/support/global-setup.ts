import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';
import { e2eBaseUrl, e2eMailstackPortBase, e2ePort, e2eStateDir, repoRoot } from './environment';

/**
 * Starts what a user meets: the sandboxed Dovecot + Postfix with the demo mail, and the built server
 * serving the built app. Nothing is mocked. Returns the teardown.
 */
export default async function globalSetup() {
  rmSync(e2eStateDir, { recursive: true, force: true });
  mkdirSync(e2eStateDir, { recursive: true });
  const stackEnv = {
    ...process.env,
    MAILSTACK_DIR: path.join(e2eStateDir, 'mailstack'),
    MAILSTACK_PORT_BASE: String(e2eMailstackPortBase),
  };
  const run = (cmd: string, args: string[]) =>
    execFileSync(cmd, args, { cwd: repoRoot, env: stackEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  run('bash', ['mailstack/bin/start.sh']);
  run('npx', ['tsx', 'mailstack/bin/seed-demo.ts']);

  const log = openSync(path.join(e2eStateDir, 'server.log'), 'a');
  const server: ChildProcess = spawn('node', ['packages/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(e2ePort),
      DATA_DIR: path.join(e2eStateDir, 'server'),
      IMAP_PORT: String(e2eMailstackPortBase + 143),
      SMTP_PORT: String(e2eMailstackPortBase + 587),
      SIEVE_PORT: String(e2eMailstackPortBase + 190),
      LOG_LEVEL: 'info',
      // Every test signs in afresh from the same address; the default 10 sign-ins a minute would throttle the
      // suite itself. The throttle has its own server tests.
      LOGIN_RATE_LIMIT_PER_MINUTE: '100',
      // The retention spec waits for the job; the default hour would make it wait that long.
      RETENTION_INTERVAL_SECONDS: '10',
    },
    stdio: ['ignore', log, log],
  });
  await waitForServer(server);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve).once('error', resolve));
    run('bash', ['mailstack/bin/stop.sh']);
  };
}

async function waitForServer(server: ChildProcess): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (server.exitCode !== null)
      throw new Error(`the server exited (${server.exitCode}); see ${path.join(e2eStateDir, 'server.log')}`);
    try {
      if ((await fetch(`${e2eBaseUrl}/api/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not answer within 20 s');
}
