/**
 * Live mail pushed by Dovecot against the NOTIFY watchers: N users each with an open event stream on one server,
 * then deliveries round-robin over them. Prints, per mode, the IMAP connections Dovecot holds for the idle streams
 * and delivery (LMTP 250) → EXISTS on the stream p50/p95 with the deliveries that never arrived; for push also
 * how long LMTP takes to answer while the webmail answers, is stopped (SIGSTOP: connections accepted, nothing
 * answered) and is gone (connection refused). Not a test: it prints tables.
 *
 *   npm run bench:push -w @webmail/bench
 *
 * Starts its own mailstack (port base 26700) and server (port 8295) per mode. Env: BENCH_PUSH_USERS (20),
 * BENCH_PUSH_DELIVERIES (100), BENCH_PUSH_TIMEOUT_MS (50, the push bound), BENCH_MAILSTACK_PORT_BASE,
 * BENCH_SERVER_PORT; see bench/README.md.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { attachMailstack, deliverViaLmtp } from '@webmail/mailstack';
import { ApiSession } from './api-session.js';
import { addUser, prepareEnvironment, type BenchEnvironment } from './bench-environment.js';
import { openStream } from './event-stream.js';
import { quantile } from './stats.js';

const userCount = Number(process.env.BENCH_PUSH_USERS ?? 20);
const deliveries = Number(process.env.BENCH_PUSH_DELIVERIES ?? 100);
const portBase = Number(process.env.BENCH_MAILSTACK_PORT_BASE ?? 26700);
const serverPort = Number(process.env.BENCH_SERVER_PORT ?? 8295);
const missAfterMs = 5000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const message = (to: string, subject: string) =>
  `From: bench@example.org\r\nTo: ${to}\r\nSubject: ${subject}\r\nMessage-ID: <${subject}@bench>\r\n\r\nHello.\r\n`;

/** One LMTP delivery; resolves the time of the final 250 and how long the transaction took. */
async function deliver(env: BenchEnvironment, to: string, subject: string) {
  const stack = attachMailstack({ dir: env.stack.dir, portBase: env.stack.portBase });
  const start = performance.now();
  const result = await deliverViaLmtp(stack, message(to, subject), { from: 'bench@example.org', to: [to] });
  if (result.accepted.length !== 1) throw new Error(`LMTP refused: ${result.response}`);
  const at = performance.now();
  return { at, took: at - start };
}

/** The environment for one mode: the mailstack pushes to the server (push) or not (watcher). */
async function environment(mode: 'push' | 'watcher', root: string): Promise<BenchEnvironment> {
  const secret = randomBytes(18).toString('base64url');
  const stateDir = path.join(root, mode);
  Object.assign(process.env, {
    BENCH_STATE_DIR: stateDir,
    LIVE_MAIL: mode,
    MAIL_ACCESS: 'delegated',
    MAIL_MASTER_USER: 'webmail-master',
    MAIL_MASTER_PASSWORD_FILE: path.join(stateDir, 'ms', 'master-password'),
    MAIL_PUSH_SECRET: secret,
    EVENT_WATCHERS_MAX: String(userCount + 10),
  });
  if (mode === 'push') {
    process.env.MAILSTACK_PUSH_URL = `http://127.0.0.1:${serverPort}/api/mail-push`;
    process.env.MAILSTACK_PUSH_SECRET = secret;
    process.env.MAILSTACK_PUSH_TIMEOUT_MS = process.env.BENCH_PUSH_TIMEOUT_MS ?? '50';
  } else delete process.env.MAILSTACK_PUSH_URL;
  return prepareEnvironment({
    user: { email: 'push-bench@example.test', password: 'push-bench-pw' },
    portBase,
    serverPort,
  });
}

async function openStreams(env: BenchEnvironment, mode: string) {
  const users = await Promise.all(
    Array.from({ length: userCount }, async (_, i) => {
      const user = { email: `${mode}-${i}@example.test`, password: `push-bench-${i}` };
      await addUser(env.stack, user);
      const api = new ApiSession(env.baseUrl);
      await api.signIn(user.email, user.password);
      await api.json('/api/u/0/mailbox');
      return { user, api };
    }),
  );
  // The sign-ins' own pooled connections are there before any stream; what the streams add is the difference.
  const count = async () =>
    (await Promise.all(users.map(({ user }) => env.imapConnections(user.email)))).reduce((a, b) => a + b, 0);
  const before = await count();
  const streams = [];
  for (const { user, api } of users)
    streams.push({ user, stream: await openStream(env.baseUrl, api.cookieHeader()) });
  await sleep(3000);
  return { streams, heldByStreams: (await count()) - before };
}

async function latency(env: BenchEnvironment, streams: Awaited<ReturnType<typeof openStreams>>['streams']) {
  const times: number[] = [];
  const late: Array<{ arrived: Promise<number>; at: number; index: number }> = [];
  for (let i = 0; i < deliveries; i += 1) {
    const { user, stream } = streams[i % streams.length]!;
    const subject = `bench-${Date.now()}-${i}`;
    const arrived = stream.waitFor(subject);
    const seen = Promise.race([arrived, sleep(missAfterMs).then(() => null)]);
    const { at } = await deliver(env, user.email, subject);
    const when = await seen;
    if (when === null) late.push({ arrived, at, index: i });
    else times.push(when - at);
  }
  // A push Dovecot got no answer for waits in push.lua's spool for the next push that gets through: here the next
  // delivery, after the miss window. What still arrived, and how long after its delivery.
  const after = await Promise.all(
    late.map(async ({ arrived, at, index }) => {
      const when = await Promise.race([arrived, sleep(missAfterMs).then(() => null)]);
      return { index, afterMs: when === null ? null : when - at };
    }),
  );
  return { times, missed: late.length, after };
}

/** LMTP transaction times while the webmail answers, is stopped, and is gone (the server ends here). */
async function deliveryBound(env: BenchEnvironment, email: string) {
  const run = async (label: string) => {
    const took: number[] = [];
    for (let i = 0; i < 20; i += 1) took.push((await deliver(env, email, `${label}-${i}`)).took);
    return { label, took };
  };
  const rows = [await run('webmail answers')];
  const pid = env.serverPid!;
  process.kill(pid, 'SIGSTOP');
  try {
    rows.push(await run('webmail stopped (SIGSTOP)'));
  } finally {
    process.kill(pid, 'SIGCONT');
  }
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 200 && alive(pid); i += 1) await sleep(50);
  rows.push(await run('webmail gone (refused)'));
  return rows;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main() {
  const root = mkdtempSync('/tmp/wmpush.');
  const bound = process.env.BENCH_PUSH_TIMEOUT_MS ?? '50';
  try {
    for (const mode of ['push', 'watcher'] as const) {
      const env = await environment(mode, root);
      try {
        const { streams, heldByStreams } = await openStreams(env, mode);
        const { times, missed, after } = await latency(env, streams);
        console.log(
          `\nLive mail (${mode}): ${userCount} users with an open stream, ${deliveries} deliveries round-robin`,
        );
        console.log(
          '| mode | users | IMAP connections held by the idle streams | deliveries | p50 | p95 | missed |',
        );
        console.log('|---|--:|--:|--:|--:|--:|--:|');
        console.log(
          `| ${mode} | ${userCount} | ${heldByStreams} | ${deliveries} | ${ms(quantile(times, 0.5))} | ${ms(quantile(times, 0.95))} | ${missed} |`,
        );
        for (const { index, afterMs } of after)
          console.log(
            `missed delivery #${index + 1}: ${afterMs === null ? 'never arrived' : `arrived ${ms(afterMs)} after its delivery (with a later push)`}`,
          );
        for (const { stream } of streams) stream.close();
        if (mode !== 'push') continue;
        // Pushes Dovecot gave up on (no answer within the bound): the misses above, if any, are these.
        const log = readFileSync(path.join(env.stack.dir, 'log', 'dovecot.log'), 'utf8');
        console.log(
          `pushes without an answer in time (Dovecot's log): ${log.split('push to webmail: no answer').length - 1}`,
        );
        console.log(`\nLMTP delivery with push on (bound ${bound} ms), 20 deliveries each`);
        console.log('| webmail | p50 | p95 | max |');
        console.log('|---|--:|--:|--:|');
        for (const { label, took } of await deliveryBound(env, streams[0]!.user.email))
          console.log(
            `| ${label} | ${ms(quantile(took, 0.5))} | ${ms(quantile(took, 0.95))} | ${ms(Math.max(...took))} |`,
          );
      } finally {
        await env.stop();
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
