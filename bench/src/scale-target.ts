/**
 * Where `bench:scale` runs: one node it starts itself (its own mailstack and server), or with `BENCH_NODES=3` the
 * reference deployment (`cluster.sh`: three nodes behind HAProxy on PostgreSQL, Dovecot pushing to the balancer),
 * the streams opened through the balancer. Either way the same settings: push on (or, on one node, the NOTIFY watcher
 * fallback), the stream limits raised for the run, sign-ins unthrottled.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { prepareEnvironment } from './bench-environment.js';
import { startCluster } from './cluster-environment.js';
import { rssKb } from './proc-stats.js';
import type { StackTarget } from './seed/maildir-seed.js';

export interface ScaleTarget {
  baseUrl: string;
  stack: StackTarget;
  nodes: number;
  /** The resident memory of every webmail node together, KB. */
  rssKb: () => number;
  stop: () => Promise<void>;
}

export interface ScaleSettings {
  /** How live mail reaches the streams: Dovecot's push, or the NOTIFY watcher fallback (one node only). */
  live: 'push' | 'watcher';
  userCount: number;
  perUser: number;
  pushTimeoutMs: string;
  portBase: number;
  serverPort: number;
}

export async function scaleTarget(s: ScaleSettings): Promise<ScaleTarget> {
  Object.assign(process.env, {
    MAILSTACK_PUSH_TIMEOUT_MS: s.pushTimeoutMs,
    EVENT_STREAMS_PER_USER: String(s.perUser),
    EVENT_STREAMS_MAX: String(s.userCount * s.perUser + 100),
    // A sign-in's pooled IMAP connection goes soon: Dovecot's default of 100 imap processes caps how many
    // users may sign in within this time (only while the sign-ins run; streams hold none).
    IMAP_IDLE_CLOSE_SECONDS: '10',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
  });
  const nodes = Number(process.env.BENCH_NODES ?? 1);
  if (nodes > 1 && s.live === 'watcher') throw new Error('BENCH_SCALE_LIVE=watcher runs on one node only');
  if (nodes > 1) {
    // cluster.sh makes the push secret, points Dovecot's push at the balancer and turns push on itself.
    process.env.CLUSTER_NODES = String(nodes);
    const cluster = await startCluster();
    return {
      baseUrl: cluster.baseUrl,
      stack: cluster.stack,
      nodes,
      rssKb: () => cluster.nodePids().reduce((sum, pid) => sum + rssKb(pid), 0),
      stop: cluster.stop,
    };
  }
  const root = mkdtempSync('/tmp/wmscale.');
  const secret = randomBytes(18).toString('base64url');
  const stateDir = path.join(root, 'state');
  Object.assign(process.env, {
    BENCH_STATE_DIR: stateDir,
    LIVE_MAIL: s.live,
    MAIL_ACCESS: 'delegated',
    MAIL_MASTER_USER: 'webmail-master',
    MAIL_MASTER_PASSWORD_FILE: path.join(stateDir, 'ms', 'master-password'),
  });
  // The watcher fallback is for a mail server without push: Dovecot then pushes nothing.
  if (s.live === 'push')
    Object.assign(process.env, {
      MAIL_PUSH_SECRET: secret,
      MAILSTACK_PUSH_URL: `http://127.0.0.1:${s.serverPort}/api/mail-push`,
      MAILSTACK_PUSH_SECRET: secret,
    });
  const env = await prepareEnvironment({
    user: { email: 'scale-bench@example.test', password: 'scale-bench-pw' },
    portBase: s.portBase,
    serverPort: s.serverPort,
  });
  return {
    baseUrl: env.baseUrl,
    stack: env.stack,
    nodes: 1,
    rssKb: () => rssKb(env.serverPid!),
    stop: async () => {
      await env.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
