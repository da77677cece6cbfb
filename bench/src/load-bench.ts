/**
 * The load benchmark: many signed-in users on one server process, their warm Inbox lists in a closed loop, and
 * what the server and Dovecot hold for them before, during and after — RSS of the server at each step, its CPU
 * time per request, the IMAP connections (and Dovecot imap processes) per user, and whether all of that goes
 * back down once every user signed out. Not a test: it prints tables.
 *
 *   npm run bench:load -w @webmail/bench
 *
 * Starts its own mailstack (port base 26500) and server (port 8291): the server's process id is needed for its
 * memory and CPU time, so BENCH_URL is not supported. Env: BENCH_LOAD_USERS (50), BENCH_LOAD_CONCURRENCY (50),
 * BENCH_LOAD_SECONDS (20), BENCH_LOAD_SETTLE_SECONDS (150), BENCH_LOAD_CYCLES (2), BENCH_LOAD_MODE
 * (conversations), BENCH_LOAD_STREAMS (1), BENCH_LOAD_BIG (0), BENCH_STATE_DIR, BENCH_MAILSTACK_PORT_BASE,
 * BENCH_SERVER_PORT, BENCH_SERVER_BUILT (0: from source via tsx; 1: packages/server/dist, build first); see
 * bench/README.md.
 */
import os from 'node:os';
import { ApiSession } from './api-session.js';
import { addUser, prepareEnvironment, type BenchEnvironment } from './bench-environment.js';
import { openStream } from './event-stream.js';
import { cpuMs, pssKb, statusKb } from './proc-stats.js';
import { doveadm, seedMaildirFolder } from './seed/maildir-seed.js';
import { mib, printLoad, printMemory, type LoadResult, type Snapshot } from './load-report.js';

const userCount = Number(process.env.BENCH_LOAD_USERS ?? 50);
const concurrency = Number(process.env.BENCH_LOAD_CONCURRENCY ?? 50);
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
/** The last look after sign-out: past the server's 30 s grace for the account watchers. */
const settleSeconds = Number(process.env.BENCH_LOAD_SETTLE_SECONDS ?? 150);
const cycles = Number(process.env.BENCH_LOAD_CYCLES ?? 2);
const mode = process.env.BENCH_LOAD_MODE ?? 'conversations';
/** The app keeps the account's event stream open (`GET /api/u/0`): its watcher is a second IMAP connection. */
const withStreams = process.env.BENCH_LOAD_STREAMS !== '0';
/** The first user's Inbox holds the mailbox bench's 100,000 messages instead of a few hundred. */
const bigInbox = process.env.BENCH_LOAD_BIG === '1';
const built = process.env.BENCH_SERVER_BUILT === '1';

interface LoadUser {
  index: number;
  email: string;
  password: string;
  /** Messages in the Inbox: a few hundred to ~2,000, spread evenly over the users. */
  inbox: number;
}

const users: LoadUser[] = Array.from({ length: userCount }, (_, i) => ({
  index: i,
  email: `load-${i}@example.test`,
  password: `load-bench-${i}`,
  inbox: bigInbox && i === 0 ? 100_000 : 300 + Math.round((1_700 * i) / Math.max(1, userCount - 1)),
}));

/** A signed-in user as the web app holds it: cookies, the Inbox's list URL, maybe the event stream. */
interface SignedIn {
  user: LoadUser;
  api: ApiSession;
  listPath: string;
  stream?: { close: () => void };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function seed(env: BenchEnvironment): Promise<void> {
  const started = performance.now();
  let seeded = 0;
  const queue = [...users];
  // Two at a time: one writes files while the other's doveadm indexes them.
  await Promise.all(
    [0, 1].map(async () => {
      for (let user = queue.shift(); user; user = queue.shift()) {
        await addUser(env.stack, user);
        const spec = {
          email: user.email,
          folder: 'INBOX',
          count: user.inbox,
          seed: user.inbox === 100_000 ? 100 : 1000 + user.index,
        };
        if (await seedMaildirFolder(env.stack, spec)) seeded += user.inbox;
      }
    }),
  );
  if (seeded)
    console.log(
      `seeded ${seeded} messages into ${userCount} Inboxes in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
}

/** What the app does when a user signs in: sign-in, folder tree, event stream, the Inbox's first page. */
async function signIn(env: BenchEnvironment, user: LoadUser): Promise<SignedIn> {
  const api = new ApiSession(env.baseUrl);
  await api.signIn(user.email, user.password);
  const tree = await api.json<{ mailboxes: Array<{ id: string; path: string }> }>('/api/u/0/mailbox');
  const inbox = tree.mailboxes.find((f) => f.path === 'INBOX');
  if (!inbox) throw new Error(`${user.email} has no INBOX`);
  const stream = withStreams ? await openStream(env.baseUrl, api.cookieHeader()) : undefined;
  // The list request of `get-message-list.ts`: first page, the account's mode, newest first.
  const listPath = `/api/u/0/mailbox/${inbox.id}/messages?offset=0&limit=50&mode=${mode}&sort=date&order=desc`;
  await api.json(listPath);
  return { user, api, listPath, stream };
}

/** Dovecot's imap processes per user, from `doveadm who` (`user  #  proto  (pids)  (ips)`). */
async function imapProcesses(env: BenchEnvironment): Promise<Map<string, number[]>> {
  const out = await doveadm(env.stack, ['who']);
  const byUser = new Map<string, number[]>();
  for (const line of out.split('\n')) {
    const m = /^(\S+)\s+\d+\s+imap\s+\(([\d ]+)\)/.exec(line);
    if (!m) continue;
    byUser.set(m[1]!, [...(byUser.get(m[1]!) ?? []), ...m[2]!.trim().split(/\s+/).map(Number)]);
  }
  return byUser;
}

async function snapshot(env: BenchEnvironment, point: string): Promise<Snapshot> {
  const pid = env.serverPid!;
  const server = statusKb(pid);
  const processes = await imapProcesses(env);
  const pids = users.flatMap((u) => processes.get(u.email) ?? []);
  const snap = {
    point,
    serverRssKb: server.rss,
    serverAnonKb: server.anon,
    connections: users.map((u) => processes.get(u.email)?.length ?? 0),
    imapRssKb: pids.reduce((sum, p) => sum + statusKb(p).rss, 0),
    imapPssKb: pids.reduce((sum, p) => sum + pssKb(p), 0),
    imapMaxRssKb: Math.max(0, ...pids.map((p) => statusKb(p).rss)),
  };
  console.log(`  ${point}: server RSS ${mib(snap.serverRssKb)} MiB, ${pids.length} imap processes`);
  return snap;
}

/**
 * `concurrency` clients in a closed loop for `loadSeconds`, client i on session i mod users: each sends the list
 * request with the headers the app sends, reads the answer to its last byte and sends the next one at once.
 */
async function load(env: BenchEnvironment, sessions: SignedIn[], cycle: number): Promise<LoadResult> {
  const pid = env.serverPid!;
  const times: number[] = [];
  let errors = 0;
  let peakRssKb = 0;
  const sampler = setInterval(() => {
    peakRssKb = Math.max(peakRssKb, statusKb(pid).rss);
  }, 250);
  const cpuBefore = cpuMs(pid);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const end = started + loadSeconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, i) => {
      const session = sessions[i % sessions.length]!;
      const url = env.baseUrl + session.listPath;
      const headers = {
        accept: 'application/json',
        'accept-language': 'en',
        cookie: session.api.cookieHeader(),
      };
      while (performance.now() < end) {
        const start = performance.now();
        try {
          const res = await fetch(url, { headers });
          await res.arrayBuffer();
          if (res.status !== 200) errors += 1;
          else times.push(performance.now() - start);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const client = process.cpuUsage(clientBefore);
  const serverCpuMs = cpuMs(pid) - cpuBefore;
  clearInterval(sampler);
  peakRssKb = Math.max(peakRssKb, statusKb(pid).rss);
  return {
    cycle,
    times,
    errors,
    seconds,
    serverCpuMs,
    clientCpuMs: (client.user + client.system) / 1000,
    peakRssKb,
  };
}

async function cycle(env: BenchEnvironment, n: number, snaps: Snapshot[]): Promise<LoadResult> {
  const sessions: SignedIn[] = [];
  for (const user of users) sessions.push(await signIn(env, user));
  // Give the event streams' watchers a moment to connect, as a user's page would stay open.
  await sleep(2000);
  snaps.push(await snapshot(env, `${n}: ${userCount} signed in, Inbox listed once`));
  const result = await load(env, sessions, n);
  snaps.push({
    ...(await snapshot(env, `${n}: after the load`)),
    point: `${n}: after the load (peak during it ${mib(result.peakRssKb)})`,
  });
  for (const s of sessions) {
    s.stream?.close();
    await s.api.signOut();
  }
  // +1 s: the sessions' own connections are logged out; +10 s: a short settle; the last point comes after the
  // account watchers' grace period (EVENT_WATCHER_GRACE_SECONDS, 30 s: a reload would reuse the watcher).
  let waited = 0;
  for (const at of [1, 10, settleSeconds]) {
    if (at <= waited) continue;
    await sleep((at - waited) * 1000);
    waited = at;
    snaps.push(await snapshot(env, `${n}: all signed out (+${at} s)`));
  }
  return result;
}

async function main() {
  if (process.env.BENCH_URL)
    throw new Error('bench:load starts its own server (it reads the process from /proc)');
  const env = await prepareEnvironment({
    user: { email: users[0]!.email, password: users[0]!.password },
    portBase: 26500,
    serverPort: 8291,
  });
  try {
    await seed(env);
    const loadBefore = os.loadavg();
    const snaps = [await snapshot(env, 'start: server up, nobody signed in')];
    // A process fresh from start-up still holds the garbage of loading its modules until V8 shrinks its heap
    // while idle: the baseline to compare the end with is the same idle time later.
    await sleep(settleSeconds * 1000);
    snaps.push(await snapshot(env, `start: idle for ${settleSeconds} s`));
    const results: LoadResult[] = [];
    for (let n = 1; n <= cycles; n += 1) results.push(await cycle(env, n, snaps));
    const inboxes = users.map((u) => u.inbox);
    console.log(
      `\nLoad benchmark, ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), ` +
        `Node ${process.version}, load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before and ` +
        `${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')} after; ${userCount} users, Inboxes of ` +
        `${Math.min(...inboxes)}–${Math.max(...inboxes)} messages; event streams ${withStreams ? 'open' : 'closed'}; server ${built ? 'built (dist)' : 'from source (tsx)'}.`,
    );
    printLoad(results, { mode, concurrency, userCount, loadSeconds });
    printMemory(snaps, userCount);
  } finally {
    await env.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
