/**
 * A rolling restart of the reference deployment under load (issue 31, acceptance 3): U users made by the sandbox's
 * script sign in through HAProxy, each with an event stream that resumes as the app's does; a mixed load at a fixed
 * rate (list the Inbox, save a growing draft, send to another bench user) runs while `cluster.sh restart-all`
 * drains, stops and starts every node in turn, and D messages arrive over LMTP meanwhile. Then it checks that
 * nothing was lost and prints a table; the exit code is 1 when anything was lost or anyone was signed out.
 *
 *   npm run build && npm run bench:rolling -w @webmail/bench
 *
 * Env: BENCH_ROLLING_USERS (50), BENCH_ROLLING_RATE (calls per second, 10), BENCH_ROLLING_DELIVERIES (50, one per
 * BENCH_ROLLING_DELIVERY_MS: 1000, from the restart's start), and the cluster's ports (cluster-environment.ts).
 */
import { randomBytes } from 'node:crypto';
import { addUsers } from './bench-environment.js';
import { startCluster, type ClusterEnvironment } from './cluster-environment.js';
import { ResumingStream } from './resuming-stream.js';
import {
  CallLog,
  listInbox,
  saveDraft,
  send,
  signInUser,
  type BenchUser,
  type SendRecord,
} from './rolling-load.js';
import { draftsKept, eventsMissed, mailArrived, stillSignedIn, type Delivery } from './rolling-verify.js';
import { deliverOnce } from './scale-mail.js';
import { quantile } from './stats.js';

const userCount = Number(process.env.BENCH_ROLLING_USERS ?? 50);
const rate = Number(process.env.BENCH_ROLLING_RATE ?? 10);
const deliveryCount = Number(process.env.BENCH_ROLLING_DELIVERIES ?? 50);
const deliveryEveryMs = Number(process.env.BENCH_ROLLING_DELIVERY_MS ?? 1000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// Every user signs in from the balancer's one address.
process.env.LOGIN_RATE_LIMIT_PER_MINUTE ??= '100000';

async function setUp(env: ClusterEnvironment, log: CallLog): Promise<BenchUser[]> {
  const tag = randomBytes(3).toString('hex');
  const accounts = Array.from({ length: userCount }, (_, i) => ({
    email: `rolling-${tag}-${i}@example.test`,
    password: `rolling-bench-${i}`,
  }));
  await addUsers(env.stack, accounts);
  const users: BenchUser[] = [];
  for (const a of accounts) users.push(await signInUser(env.baseUrl, a.email, a.password));
  for (const u of users) {
    u.stream = new ResumingStream(
      `${env.baseUrl}/api/u/0`,
      () => u.api.cookieHeader(),
      () => listInbox(log, u, true),
    );
    await u.stream.start();
  }
  console.log(`${userCount} users signed in through the balancer, each with an open stream`);
  return users;
}

/** The fixed-rate mixed load until `stop()`: half lists, three in ten draft saves, one in five sends. */
function load(log: CallLog, users: BenchUser[]) {
  const sends: SendRecord[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let n = 0;
  const timer = setInterval(() => {
    n += 1;
    const u = users[Math.floor(Math.random() * users.length)]!;
    const pick = Math.random();
    const work =
      pick < 0.5
        ? listInbox(log, u)
        : pick < 0.8
          ? saveDraft(log, u)
          : send(log, u, users[(users.indexOf(u) + 1 + (n % (users.length - 1))) % users.length]!, n).then(
              (s) => void sends.push(s),
            );
    const p = work.catch((err: unknown) => log.count('bench', String(err))).finally(() => inFlight.delete(p));
    inFlight.add(p);
  }, 1000 / rate);
  return {
    sends,
    stop: async () => {
      clearInterval(timer);
      while (inFlight.size) await Promise.all(inFlight);
    },
  };
}

async function deliver(env: ClusterEnvironment, users: BenchUser[]): Promise<Delivery[]> {
  const out: Delivery[] = [];
  for (let i = 0; i < deliveryCount; i += 1) {
    const to = users[i % users.length]!;
    const subject = `rolling-lmtp-${i}-${randomBytes(3).toString('hex')}`;
    await deliverOnce(env.stack, to.email, subject);
    out.push({ to, subject });
    await sleep(deliveryEveryMs);
  }
  return out;
}

/** How often reopening a stream was refused, by status (all users). */
function refusals(users: BenchUser[]): string {
  const sum = new Map<string, number>();
  for (const u of users)
    for (const [k, n] of u.stream?.record.refused ?? []) sum.set(k, (sum.get(k) ?? 0) + n);
  return [...sum].map(([k, n]) => `${k}: ${n}`).join(', ') || '0';
}

const ms = (n: number) => (n ? n.toFixed(0) : '–');

async function verifyAndPrint(
  env: ClusterEnvironment,
  users: BenchUser[],
  log: CallLog,
  run: { sends: SendRecord[]; deliveries: Delivery[]; restartMs: number },
): Promise<boolean> {
  const { sends, deliveries } = run;
  const copies = await mailArrived(env, users, sends, deliveries, 120_000);
  const accepted = sends.filter((s) => s.accepted);
  const once = accepted.filter((s) => copies(s.to, s.subject) === 1).length;
  const doubled = accepted.filter((s) => copies(s.to, s.subject) > 1).length;
  const drafts = await draftsKept(log, users);
  const signedOut = await stillSignedIn(log, users);
  await sleep(5000);
  const [newest = '0'] = await env.sql('SELECT coalesce(max(id), 0) FROM event_log');
  for (const u of users) u.stream?.stop();
  const live = deliveries.filter((d) => d.to.stream?.record.subjects.has(d.subject)).length;
  const reread = deliveries.filter(
    (d) => !d.to.stream?.record.subjects.has(d.subject) && d.to.reread.has(d.subject),
  ).length;
  const arrived = deliveries.filter((d) => copies(d.to.email, d.subject) === 1).length;
  const events = await eventsMissed(env, users, Number(newest));
  const reconnects = users.reduce((sum, u) => sum + (u.stream?.record.reconnects ?? 0), 0);
  const rows: Array<[string, string]> = [
    ['restart-all (3 nodes, drain + SIGTERM + start each)', `${(run.restartMs / 1000).toFixed(1)} s`],
    ['sends requested / accepted', `${sends.length} / ${accepted.length}`],
    ['… delivered exactly once / twice or more', `${once} / ${doubled}`],
    ['LMTP deliveries / in the INBOX once', `${deliveries.length} / ${arrived}`],
    [
      '… on the stream live / in the Inbox re-read after a reconnect / missed',
      `${live} / ${reread} / ${deliveries.length - live - reread}`,
    ],
    [
      'drafts saved / last acknowledged body on the server',
      `${users.filter((u) => u.acked > 0).length} / ${drafts.kept}`,
    ],
    ['users still signed in', `${users.length - signedOut.length} / ${users.length}`],
    ['stream reconnects (all users)', String(reconnects)],
    ['stream reopens refused, by status', refusals(users)],
    ['logged events for the streams / missing from them', `${events.logged} / ${events.missed.length}`],
  ];
  for (const [key, count] of [...log.statuses].sort()) rows.push([`answers: ${key}`, String(count)]);
  for (const [name, times] of [...log.times].sort()) {
    rows.push([
      `${name}: n / p50 / p95 ms`,
      `${times.length} / ${ms(quantile(times, 0.5))} / ${ms(quantile(times, 0.95))}`,
    ]);
  }
  console.log(
    `\nbench:rolling: ${userCount} users, ${rate} calls/s, ${deliveryCount} LMTP deliveries, restart-all`,
  );
  console.log('| measure | value |\n|---|--:|');
  for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
  const lost = [
    ...drafts.lost.map((d) => `draft ${d}`),
    ...signedOut.map((s) => `signed out ${s}`),
    ...events.missed.map((e) => `event ${e}`),
    ...accepted
      .filter((s) => copies(s.to, s.subject) !== 1)
      .map((s) => `send ${s.subject}: ${copies(s.to, s.subject)} copies`),
    ...sends.filter((s) => !s.accepted).map((s) => `send ${s.subject}: never accepted`),
    ...deliveries
      .filter((d) => copies(d.to.email, d.subject) !== 1)
      .map((d) => `delivery ${d.subject} not once in INBOX`),
  ];
  const missedLive = deliveries.length - live - reread;
  if (missedLive) lost.push(`${missedLive} deliveries never shown to their stream`);
  for (const line of lost.slice(0, 40)) console.log(`LOST: ${line}`);
  return lost.length === 0;
}

async function main() {
  const env = await startCluster();
  let ok: boolean;
  try {
    const log = new CallLog();
    const users = await setUp(env, log);
    const running = load(log, users);
    await sleep(5000);
    const start = performance.now();
    const deliveries = deliver(env, users);
    await env.restartAll();
    const restartMs = performance.now() - start;
    console.log(`restart-all took ${(restartMs / 1000).toFixed(1)} s`);
    const delivered = await deliveries;
    await sleep(5000);
    await running.stop();
    ok = await verifyAndPrint(env, users, log, { sends: running.sends, deliveries: delivered, restartMs });
  } finally {
    await env.stop();
  }
  process.exitCode = ok ? 0 : 1;
}

await main();
