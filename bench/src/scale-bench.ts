/**
 * Live mail at scale on one node (issue 31, acceptance 1's measurement): U users made by the sandbox's add-user
 * script, each signed in once, with S event streams each on that one session (tabs and windows of one browser
 * share its cookie), push on. Then D deliveries to users spread over all of them, with a Dovecot reload half-way:
 * delivery (LMTP 250) → the subject on every stream of that user, p50/p95/max and the missed ones; the IMAP
 * connections and processes Dovecot holds for the idle streams; the server's RSS before, with and after the
 * streams. Not a test: it prints a table.
 *
 *   npm run bench:scale -w @webmail/bench
 *
 * Starts its own mailstack (port base 26900) and server (port 8297). Env: BENCH_SCALE_USERS (1000),
 * BENCH_SCALE_STREAMS (10 per user), BENCH_SCALE_DELIVERIES (100), BENCH_SCALE_PUSH_TIMEOUT_MS (250, the push bound; 50 is the
 * sandbox's default, too short for a server this loaded), BENCH_MAILSTACK_PORT_BASE, BENCH_SERVER_PORT.
 * BENCH_SCALE_LIVE=watcher: the same run with the NOTIFY watcher fallback instead of push (one node): it adds the
 * accounts told that live mail is off, Dovecot's inotify-limit warnings, and the watchers back after the reload.
 * BENCH_NODES=3: against the reference deployment instead (deploy/reference/cluster.sh, ports of
 * cluster-environment.ts; build first), the streams through HAProxy, Dovecot pushing to the balancer.
 * Needs about 2 × users × streams file descriptors in the bench's process and the server's (`ulimit -n`).
 */
import { ApiSession } from './api-session.js';
import { addUsers } from './bench-environment.js';
import { openStream } from './event-stream.js';
import {
  deliverOnce,
  dovecotProcesses,
  imapConnectionsAll,
  inotifyLimitWarnings,
  pushesGivenUp,
  stackScript,
} from './scale-mail.js';
import { scaleTarget, type ScaleTarget } from './scale-target.js';
import { quantile } from './stats.js';

const userCount = Number(process.env.BENCH_SCALE_USERS ?? 1000);
const perUser = Number(process.env.BENCH_SCALE_STREAMS ?? 10);
const deliveries = Number(process.env.BENCH_SCALE_DELIVERIES ?? 100);
const portBase = Number(process.env.BENCH_MAILSTACK_PORT_BASE ?? 26900);
const serverPort = Number(process.env.BENCH_SERVER_PORT ?? 8297);
const missAfterMs = 10_000;
const pushTimeoutMs = process.env.BENCH_SCALE_PUSH_TIMEOUT_MS ?? '250';
const liveSetting = process.env.BENCH_SCALE_LIVE ?? 'push';
if (liveSetting !== 'push' && liveSetting !== 'watcher')
  throw new Error('BENCH_SCALE_LIVE is push or watcher');
const live: 'push' | 'watcher' = liveSetting;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type Stream = Awaited<ReturnType<typeof openStream>>;
type User = { email: string; password: string; streams: Stream[]; api: ApiSession };

/** Runs `fn` over `items`, `n` at a time. */
async function inParallel<T>(items: T[], n: number, fn: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      for (let i = next++; i < items.length; i = next++) await fn(items[i]!, i);
    }),
  );
}

/** Users made by the sandbox's script (one batch), each signed in once; sign-ins wait while Dovecot nears its imap limit. */
async function signIn(env: ScaleTarget): Promise<User[]> {
  const users: User[] = Array.from({ length: userCount }, (_, i) => ({
    email: `scale-${i}@example.test`,
    password: `scale-bench-${i}`,
    streams: [],
    api: new ApiSession(env.baseUrl),
  }));
  const start = performance.now();
  await addUsers(env.stack, users);
  console.log(`${userCount} users added in ${((performance.now() - start) / 1000).toFixed(0)} s`);
  const signInStart = performance.now();
  let busy = 0;
  await inParallel(users, 4, async (u, i) => {
    if (i % 20 === 0) while ((busy = await imapConnectionsAll(env.stack)) > 60) await sleep(1000);
    await u.api.signIn(u.email, u.password);
    // As the app does on its first page: the folder tree.
    await u.api.json('/api/u/0/mailbox');
  });
  const took = (performance.now() - signInStart) / 1000;
  console.log(`${userCount} sign-ins in ${took.toFixed(0)} s (last IMAP count seen ${busy})`);
  return users;
}

/** Waits until the sign-ins' pooled IMAP connections are closed (they idle out), at most `ms`. */
async function imapSettled(env: ScaleTarget, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  let held = await imapConnectionsAll(env.stack);
  while (held > 0 && Date.now() < deadline) {
    await sleep(1000);
    held = await imapConnectionsAll(env.stack);
  }
  return held;
}

/** Delivers to users spread over all, a `doveadm reload` half-way; each must reach every stream of its user. */
async function sample(env: ScaleTarget, users: User[]) {
  const times: number[] = [];
  let missed = 0;
  let retried = 0;
  let reload = { before: 0, back: 0, seconds: 0 };
  const step = Math.max(1, Math.floor(users.length / deliveries));
  for (let i = 0; i < deliveries; i += 1) {
    if (i === Math.floor(deliveries / 2)) {
      const before = await imapConnectionsAll(env.stack);
      await stackScript(env.stack, 'doveadm.sh', ['reload']);
      console.log(`doveadm reload before delivery ${i + 1}`);
      if (live === 'watcher') reload = await watchersBack(env, before);
    }
    const user = users[(i * step) % users.length]!;
    const subject = `scale-${Date.now()}-${i}`;
    const seen = Promise.all(
      user.streams.map((s) => Promise.race([s.waitFor(subject), sleep(missAfterMs).then(() => null)])),
    );
    const { at, attempts } = await deliverOnce(env.stack, user.email, subject);
    retried += attempts - 1;
    const when = await seen;
    if (when.some((t) => t === null)) {
      missed += 1;
      console.log(
        `missed: delivery ${i + 1} (${when.filter((t) => t === null).length} of ${when.length} streams)`,
      );
    } else times.push(Math.max(...(when as number[])) - at);
  }
  return { times, missed, retried, reload };
}

/**
 * After a reload (which closes idle IMAP connections), the watchers reconnect with backoff and jitter: waits (at
 * most 3 minutes) until Dovecot holds as many IMAP connections as before, and says how many and how soon.
 */
async function watchersBack(env: ScaleTarget, before: number) {
  const start = performance.now();
  await sleep(2000);
  let back = await imapConnectionsAll(env.stack);
  while (back < before && performance.now() - start < 180_000) {
    await sleep(2000);
    back = await imapConnectionsAll(env.stack);
  }
  const seconds = Math.round((performance.now() - start) / 1000);
  console.log(`after the reload: ${back} of ${before} IMAP connections back in ${seconds} s`);
  return { before, back, seconds };
}

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const ms = (n: number) => `${n.toFixed(0)} ms`;

/** Opens `perUser` streams for every user, 16 users at a time. */
async function openAll(env: ScaleTarget, users: User[]): Promise<void> {
  const start = performance.now();
  await inParallel(users, 16, async (u) => {
    for (let s = 0; s < perUser; s += 1) u.streams.push(await openStream(env.baseUrl, u.api.cookieHeader()));
  });
  console.log(`${userCount * perUser} streams open in ${((performance.now() - start) / 1000).toFixed(0)} s`);
}

/** The run, measured: sign-ins, streams, idle IMAP and memory, the sampled deliveries; returns the table rows. */
type Row = [string, string];

async function measureRun(env: ScaleTarget): Promise<Row[]> {
  const users = await signIn(env);
  const idleBefore = await imapSettled(env, 60_000);
  const rssBefore = env.rssKb();
  await openAll(env, users);
  const streams = userCount * perUser;
  await sleep(5000);
  const rssWith = env.rssKb();
  const heldIdle = await imapSettled(env, 30_000);
  const processes = dovecotProcesses(env.stack);
  const toldOff = users.filter((u) => u.streams.some((s) => s.liveMail() === false)).length;
  const { times, missed, retried, reload } = await sample(env, users);
  const imapAfter = dovecotProcesses(env.stack).get('imap')?.count ?? 0;
  for (const u of users) for (const s of u.streams) s.close();
  await sleep(5000);
  const rssAfter = env.rssKb();
  return [
    ['open event streams', String(streams)],
    ['IMAP connections before the streams (sign-ins idled out)', String(idleBefore)],
    ['IMAP connections with every stream open, idle (`doveadm who`)', String(heldIdle)],
    [
      'Dovecot processes, idle with the streams (kind: count, PSS)',
      [...processes].map(([k, v]) => `${k}: ${v.count}, ${mb(v.pssKb)}`).join('; '),
    ],
    ['Dovecot imap processes after the deliveries', String(imapAfter)],
    [`deliveries (reload before #${Math.floor(deliveries / 2) + 1})`, String(deliveries)],
    ['delivery → event on every stream of the user p50', ms(quantile(times, 0.5))],
    ['… p95', ms(quantile(times, 0.95))],
    ['… max', ms(Math.max(0, ...times))],
    ['missed (not on every stream within 10 s)', String(missed)],
    ['LMTP deliveries tried again (reload)', String(retried)],
    ...(live === 'push'
      ? ([
          [
            `pushes Dovecot gave up on (bound ${pushTimeoutMs} ms; whole run)`,
            String(pushesGivenUp(env.stack)),
          ],
        ] as Row[])
      : ([
          ['accounts told that live mail is off (their streams poll)', `${toldOff} of ${users.length}`],
          ['Dovecot: "Inotify instance limit exceeded" (whole run)', String(inotifyLimitWarnings(env.stack))],
          [
            'IMAP connections back after the reload (before it; how soon)',
            `${reload.back} (${reload.before}; ${reload.seconds} s)`,
          ],
        ] as Row[])),
    ['webmail RSS (all nodes) before the streams', mb(rssBefore)],
    ['webmail RSS (all nodes) with the streams', mb(rssWith)],
    ['webmail RSS (all nodes) per open stream', `${((rssWith - rssBefore) / streams).toFixed(1)} KB`],
    ['webmail RSS (all nodes) after closing them', mb(rssAfter)],
  ];
}

async function main() {
  const env = await scaleTarget({ live, userCount, perUser, pushTimeoutMs, portBase, serverPort });
  try {
    const rows = await measureRun(env);
    const where = env.nodes === 1 ? 'one node' : `${env.nodes} nodes behind HAProxy`;
    const how = live === 'push' ? 'push on' : 'the watcher fallback';
    console.log(`\nbench:scale: ${where}, ${how}, ${userCount} users × ${perUser} streams`);
    console.log('| measure | value |');
    console.log('|---|--:|');
    for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
  } finally {
    await env.stop();
  }
}

await main();
