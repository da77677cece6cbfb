/**
 * Snooze at scale on one node: U users with M snoozed messages each, all waking in the same minute. Prints how long
 * the wake pass takes (the server's clock is moved past the minute through the test-only clock route, which runs
 * the wake job once and answers when it is done) and when the mail server shows every message back (no Snoozed
 * message left, every woken one unread in INBOX). Not a test: it prints a table.
 *
 *   npm run bench:snooze -w @webmail/bench
 *
 * Starts its own mailstack (port base 27100) and server (port 8299, TEST_CLOCK=1). Users are made by the sandbox's
 * add-user script in one batch call, messages put in by IMAP APPEND, the snoozes made through the API (POST /snoozed) as the web
 * does. Env: BENCH_SNOOZE_USERS (1000), BENCH_SNOOZE_PER_USER (10), BENCH_SNOOZE_CONCURRENCY (8),
 * BENCH_MAILSTACK_PORT_BASE, BENCH_SERVER_PORT; see bench/README.md.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ImapFlow } from 'imapflow';
import { ApiSession } from './api-session.js';
import { addUsers, prepareEnvironment, repoRoot, type BenchEnvironment } from './bench-environment.js';

const userCount = Number(process.env.BENCH_SNOOZE_USERS ?? 1000);
const perUser = Number(process.env.BENCH_SNOOZE_PER_USER ?? 10);
const concurrency = Number(process.env.BENCH_SNOOZE_CONCURRENCY ?? 8);
const portBase = Number(process.env.BENCH_MAILSTACK_PORT_BASE ?? 27100);
const serverPort = Number(process.env.BENCH_SERVER_PORT ?? 8299);
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Folder {
  id: string;
  path: string;
}

const message = (to: string, i: number) =>
  `From: old@example.org\r\nTo: ${to}\r\nSubject: snooze-bench ${i}\r\nDate: Mon, 1 Jan 2024 10:00:00 +0000\r\n` +
  `Message-ID: <snooze-${i}-${to}>\r\n\r\nRead me later.\r\n`;

/** Runs `work` for 0..n-1 with at most `concurrency` at a time. */
async function pool(n: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < n; i = next++) await work(i);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, n) }, worker));
}

/** Sign-ins are rate limited per minute, and a loaded machine drops a connection now and then: try again. */
async function retried<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await work();
    } catch (err) {
      if (attempt > 30) throw err;
      await sleep(2000);
    }
  }
}

async function signIn(baseUrl: string, user: { email: string; password: string }): Promise<ApiSession> {
  const api = new ApiSession(baseUrl);
  await retried(() => api.signIn(user.email, user.password));
  return api;
}

/** APPENDs the user's messages to INBOX and snoozes them all through the API until `wakeAt(i)`. */
async function snoozeFor(env: BenchEnvironment, i: number, wakeAt: string): Promise<void> {
  const user = { email: `snooze-${i}@example.test`, password: `snooze-bench-${i}` };
  const imap = new ImapFlow({
    host: '127.0.0.1',
    port: env.imapPort,
    secure: false,
    auth: { user: user.email, pass: user.password },
    logger: false,
  });
  await imap.connect();
  const uids: number[] = [];
  try {
    for (let m = 0; m < perUser; m += 1) {
      const appended = await imap.append('INBOX', message(user.email, m), ['\\Seen']);
      if (appended && appended.uid) uids.push(appended.uid);
    }
  } finally {
    await imap.logout();
  }
  const api = await signIn(env.baseUrl, user);
  const tree = await retried(() => api.json<{ mailboxes: Folder[] }>('/api/u/0/mailbox'));
  const inbox = tree.mailboxes.find((f) => f.path === 'INBOX');
  if (!inbox) throw new Error('no INBOX');
  const messages = uids.map((uid) => ({ mailboxId: inbox.id, messageId: uid }));
  await retried(() => api.post('/api/u/0/snoozed', { messages, wakeAt }));
  await api.signOut();
}

/** The sum of one STATUS item over the bench users' mailbox (`doveadm mailbox status -u 'snooze-*'`). */
async function statusSum(
  env: BenchEnvironment,
  item: 'messages' | 'unseen',
  mailbox: string,
): Promise<number> {
  const { stdout } = await run(
    'bash',
    [
      path.join(repoRoot, 'mailstack/bin/doveadm.sh'),
      '-f',
      'tab',
      'mailbox',
      'status',
      '-u',
      'snooze-*',
      item,
      mailbox,
    ],
    {
      env: { ...process.env, MAILSTACK_DIR: env.stack.dir, MAILSTACK_PORT_BASE: String(env.stack.portBase) },
      maxBuffer: 64 << 20,
    },
  );
  return stdout
    .split('\n')
    .slice(1)
    .reduce((sum, line) => sum + (Number(line.split('\t').at(-1)) || 0), 0);
}

async function clock(baseUrl: string, body: { advanceMs?: number; at?: string }): Promise<number> {
  const res = await fetch(`${baseUrl}/api/test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`the test clock answered ${res.status} (TEST_CLOCK=1?)`);
  return Date.parse(((await res.json()) as { now: string }).now);
}

async function main() {
  const root = mkdtempSync('/tmp/wmsnooze.');
  Object.assign(process.env, {
    BENCH_STATE_DIR: root,
    MAIL_ACCESS: 'delegated',
    MAIL_MASTER_USER: 'webmail-master',
    MAIL_MASTER_PASSWORD_FILE: path.join(root, 'ms', 'master-password'),
    TEST_CLOCK: '1',
    // Only the moved clock wakes them: no interval pass in between.
    SNOOZE_INTERVAL_SECONDS: '3600',
  });
  try {
    await measure();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function measure() {
  const env = await prepareEnvironment({
    user: { email: 'wake-bench@example.test', password: 'wake-bench-pw' },
    portBase,
    serverPort,
  });
  try {
    const setupStart = performance.now();
    const users = Array.from({ length: userCount }, (_, i) => ({
      email: `snooze-${i}@example.test`,
      password: `snooze-bench-${i}`,
    }));
    await addUsers(env.stack, users);
    const usersMs = performance.now() - setupStart;
    // Every message wakes within the same minute, an hour from the server's now.
    const minute = Math.floor((await clock(env.baseUrl, { advanceMs: 0 })) / 60_000) * 60_000 + 3_600_000;
    await pool(userCount, (i) => snoozeFor(env, i, new Date(minute + (i % 60) * 1000).toISOString()));
    const setupMs = performance.now() - setupStart;
    const snoozed = await statusSum(env, 'messages', 'Snoozed');
    const start = performance.now();
    await clock(env.baseUrl, { at: new Date(minute + 61_000).toISOString() });
    const passMs = performance.now() - start;
    let left = await statusSum(env, 'messages', 'Snoozed');
    while (left > 0 && performance.now() - start < 600_000) {
      await sleep(500);
      left = await statusSum(env, 'messages', 'Snoozed');
    }
    const backMs = performance.now() - start;
    const unread = await statusSum(env, 'unseen', 'INBOX');
    const wakePool = process.env.SNOOZE_WAKE_CONCURRENCY ?? '8 (default)';
    console.log(
      `\nSnooze wake: ${userCount} users × ${perUser} messages waking in the same minute, one node, ` +
        `SNOOZE_WAKE_CONCURRENCY ${wakePool}`,
    );
    console.log(
      `(setup: users ${seconds(usersMs)}, APPEND + snooze through the API ${seconds(setupMs - usersMs)})`,
    );
    console.log('| users | snoozed | wake pass | all back | per second | left snoozed | unread in INBOX |');
    console.log('|--:|--:|--:|--:|--:|--:|--:|');
    console.log(
      `| ${userCount} | ${snoozed} | ${seconds(passMs)} | ${seconds(backMs)} | ${Math.round(snoozed / (backMs / 1000))} | ${left} | ${unread} |`,
    );
  } finally {
    await env.stop();
  }
}

await main();
