import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { startMailstack } from '@webmail/mailstack';
import { startAuthReportRelay } from './support/auth-report-relay.testing.js';
import { startPushRelay } from './support/push-relay.testing.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const portBase = Number(process.env.TEST_MAILSTACK_PORT_BASE ?? 22000);
const pgPort = process.env.TEST_PG_PORT ?? '55433';

declare module 'vitest' {
  export interface ProvidedContext {
    mailstack: {
      dir: string;
      portBase: number;
      dovecotLog: string;
      ports: {
        imap: number;
        smtp: number;
        submission: number;
        lmtp: number;
        sieve: number;
        webmailImap: number;
        webmailSubmission: number;
        webmailSieve: number;
        doveadmHttp: number;
      };
      /** The webmail's master credential (user + root-only password file) and the doveadm HTTP API. */
      master: { user: string; passwordFile: string };
      doveadm: { url: string; apiKeyFile: string };
      /** Dovecot reports every authentication here; a test that wants them listens on `reportPort`. */
      reportPort: number;
      reportSecret: string;
      /** Dovecot pushes live changes here; a test server with LIVE_MAIL=push asks for them (`relayPushesTo`). */
      pushPort: number;
      pushSecret: string;
    };
    postgresUrl: string;
  }
}

/**
 * One real mail stack (Dovecot + Postfix) and one PostgreSQL cluster for the whole integration run;
 * every test makes its own users and databases, so nothing is restarted between tests.
 */
export default async function setup(project: TestProject) {
  const root = mkdtempSync('/tmp/wmit.');
  const reportPort = portBase + 900;
  const reportSecret = randomBytes(18).toString('base64url');
  process.env.MAILSTACK_AUTH_REPORT_URL = `http://127.0.0.1:${reportPort}/api/mail-auth/report`;
  process.env.MAILSTACK_AUTH_REPORT_SECRET = reportSecret;
  const stopRelay = await startAuthReportRelay(reportPort);
  const pushPort = portBase + 901;
  const pushSecret = randomBytes(18).toString('base64url');
  process.env.MAILSTACK_PUSH_URL = `http://127.0.0.1:${pushPort}/api/mail-push`;
  process.env.MAILSTACK_PUSH_SECRET = pushSecret;
  // The relay answers at once; the longer bound only keeps a push from being dropped on a busy test machine.
  process.env.MAILSTACK_PUSH_TIMEOUT_MS = '1000';
  const stopPushRelay = await startPushRelay(pushPort);
  const stack = await startMailstack({ dir: path.join(root, 'ms'), portBase });
  const pgDir = path.join(root, 'pg');
  const pgScript = path.join(repoRoot, 'scripts/pg-sandbox.sh');
  const postgresUrl = execFileSync('bash', [pgScript, 'start', pgDir, pgPort], { encoding: 'utf8' }).trim();
  project.provide('mailstack', {
    dir: stack.dir,
    portBase,
    dovecotLog: stack.dovecotLog,
    ports: stack.ports,
    master: stack.master,
    doveadm: stack.doveadm,
    reportPort,
    reportSecret,
    pushPort,
    pushSecret,
  });
  project.provide('postgresUrl', postgresUrl);
  return async () => {
    await stack.stop();
    await stopRelay();
    await stopPushRelay();
    execFileSync('bash', [pgScript, 'stop', pgDir]);
    rmSync(root, { recursive: true, force: true });
  };
}
