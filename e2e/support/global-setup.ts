import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  e2eBaseUrl,
  e2eMailstackDir,
  e2eMailstackPortBase,
  e2ePort,
  e2eReportSecret,
  e2eStateDir,
  repoRoot,
} from './environment';
import { startServer } from './server-process';

/**
 * Starts what a user meets: the sandboxed Dovecot + Postfix with the demo mail, and the built server
 * serving the built app. Nothing is mocked. Returns the teardown.
 */
export default async function globalSetup() {
  rmSync(e2eStateDir, { recursive: true, force: true });
  mkdirSync(e2eStateDir, { recursive: true });
  const stackEnv = {
    ...process.env,
    MAILSTACK_DIR: e2eMailstackDir,
    MAILSTACK_PORT_BASE: String(e2eMailstackPortBase),
    // Dovecot reports each authentication to the suite's server (last use of application passwords, the log).
    MAILSTACK_AUTH_REPORT_URL: `${e2eBaseUrl}/api/mail-auth/report`,
    MAILSTACK_AUTH_REPORT_SECRET: e2eReportSecret,
  };
  const run = (cmd: string, args: string[]) =>
    execFileSync(cmd, args, { cwd: repoRoot, env: stackEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  run('bash', ['mailstack/bin/start.sh']);
  run('npx', ['tsx', 'mailstack/bin/seed-demo.ts']);

  const server = await startServer({
    port: e2ePort,
    dataDir: path.join(e2eStateDir, 'server'),
    logFile: path.join(e2eStateDir, 'server.log'),
    // The retention spec waits for the job; the default hour would make it wait that long.
    // The Upgrade page links to the operator's upgrade address (shell-upgrade-feedback spec).
    // TEST_CLOCK: the snooze spec moves the server's clock for scheduled work (POST /api/test/clock).
    // SEND_UNDO_SECONDS: a send still waits in the outbox for its undo window and can be undone (compose-send
    // clicks Undo), but ~10 specs that send mail wait 5 s for it instead of the default 10.
    env: {
      SEND_UNDO_SECONDS: '5',
      RETENTION_INTERVAL_SECONDS: '10',
      UPGRADE_URL: 'https://upgrade.example.test/plans',
      TEST_CLOCK: '1',
    },
  }).catch((error: unknown) => {
    run('bash', ['mailstack/bin/stop.sh']);
    throw error;
  });

  return async () => {
    await server.stop();
    run('bash', ['mailstack/bin/stop.sh']);
  };
}
