import { execFile, execFileSync } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  e2eMailstackDir,
  e2eMailstackPortBase,
  e2ePort,
  e2eReportSecret,
  e2eStateDir,
  repoRoot,
} from './environment';

/**
 * The reference deployment (deploy/reference/cluster.sh: PostgreSQL, the mail stack with push, three webmail
 * nodes, HAProxy) with the balancer where the suite's server usually is (E2E_PORT), so the suite's own specs run
 * through it unchanged. E2E_AFFINITY=on keeps a browser on one node; the default, off, spreads every request.
 */
export const clusterEnv: NodeJS.ProcessEnv = {
  ...process.env,
  CLUSTER_DIR: path.join(e2eStateDir, 'cluster'),
  CLUSTER_PORT: String(e2ePort),
  CLUSTER_PG_PORT: String(e2eMailstackPortBase + 480),
  CLUSTER_AFFINITY: process.env.E2E_AFFINITY ?? 'off',
  MAILSTACK_DIR: e2eMailstackDir,
  MAILSTACK_PORT_BASE: String(e2eMailstackPortBase),
  MAIL_AUTH_REPORT_SECRET: e2eReportSecret,
  PUBLIC_URL: `http://localhost:${e2ePort}`,
  // As for the suite's own server (support/server-process.ts): every test signs in afresh from one address, every
  // answer is checked against its contract, and no onboarding tour greets fresh accounts.
  LOGIN_RATE_LIMIT_PER_MINUTE: '100',
  CHECK_ALL_RESPONSES: 'true',
  ONBOARDING_TOUR: 'false',
};

const script = path.join(repoRoot, 'deploy/reference/cluster.sh');

export function cluster(command: 'start' | 'stop'): void {
  execFileSync('bash', [script, command], {
    cwd: repoRoot,
    env: clusterEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Restarts every node in turn, as a rolling upgrade does (drain at the balancer, SIGTERM, start, ready). */
export async function restartAllNodes(): Promise<void> {
  await promisify(execFile)('bash', [script, 'restart-all'], { cwd: repoRoot, env: clusterEnv });
}
