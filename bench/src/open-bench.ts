/**
 * The open benchmark: the first open of a never-opened message (new mail, a reply in an existing conversation)
 * in the 100,000-message folder, the calls the web app makes — the conversation, then the message — beside the
 * IMAP wire floor (`UID FETCH (BODY.PEEK[])` of the same message). Not a test: it prints a table.
 *
 *   npm run bench:open -w @webmail/bench
 *
 * Uses the mailbox bench's stack and user (port base 26000, server 8282; keep BENCH_STATE_DIR to reuse the
 * seeded folder). Rows, in this order in one run on one server process:
 * - "before the folder index": the folder was not listed in this server process yet, so the conversation is
 *   found with the header search (what every first open cost before the index);
 * - then the folder is listed once, and the bench waits until a fresh open is fast (the index is read in the
 *   background; the wait is printed);
 * - "folder index": new mail listed (as the app shows it), then opened;
 * - "folder index, event stream open": as the app runs, with its event stream: new mail is announced by the
 *   account's watcher (and read ahead by the server for the session), listed when the EXISTS event came, opened.
 * Each run appends one new reply (untimed) so nothing is cached. Before them: sign-in + folder tree in a new session
 * (BENCH_OPEN_SIGN_IN_ONLY=1 measures only that). Env: BENCH_COLD_RUNS (5).
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import type { ImapFlow } from 'imapflow';
import { ApiSession } from './api-session.js';
import { prepareEnvironment, type BenchEnvironment } from './bench-environment.js';
import { openStream } from './event-stream.js';
import { doveadm, seedMaildirFolder } from './seed/maildir-seed.js';
import { imapClient } from './seed/reading-seed.js';
import { measureSignIn } from './mailbox-scenarios.js';
import { printComparison, quantile, type ComparedRow } from './stats.js';
import { WireImap } from './wire-imap.js';

const big = { path: 'Lists/Bench-100k', count: 100_000, seed: 100 };
const runs = Number(process.env.BENCH_COLD_RUNS ?? 5);
const med = (t: number[]) => quantile(t, 0.5);

interface Folder {
  id: string;
  path: string;
  children?: Folder[];
}

/** A new reply to `root` (a Message-ID of the folder), ~10 KB of text, appended unseen; its UID. */
async function appendReply(imap: ImapFlow, root: string, n: number): Promise<number> {
  const id = `<open-bench-${Date.now()}-${n}@example.test>`;
  const body = Array.from({ length: 160 }, (_, i) => `Line ${i} of the answer about the plan, with details.`);
  const raw = [
    'From: Bob Example <bob@example.test>',
    'To: mailbox-bench@example.test',
    `Subject: Re: open bench ${n}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: ${id}`,
    `In-Reply-To: ${root}`,
    `References: ${root}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    ...body,
    '',
  ].join('\r\n');
  const answer = await imap.append(big.path, raw, []);
  if (!answer || !answer.uid) throw new Error('APPEND gave no UID (UIDPLUS expected)');
  return answer.uid;
}

/** The conversation id the server gives a message whose thread root is `root` (mime/thread-id.ts). */
const threadIdOf = (root: string) =>
  createHash('sha256').update(root.toLowerCase()).digest('base64url').slice(0, 16);

/** Per row: how long the conversation call took of each open (the rest is the message call). */
const threadTimes: number[] = [];

async function open(api: ApiSession, folderId: string, uid: number, thread: string): Promise<number> {
  const base = `/api/u/0/mailbox/${encodeURIComponent(folderId)}`;
  const start = performance.now();
  const conversation = await api.json<{ messages: Array<{ id: number }> }>(
    `${base}/threads/${encodeURIComponent(thread)}?messageId=${uid}`,
  );
  threadTimes.push(performance.now() - start);
  const detail = await api.json<{ text: string | null }>(`${base}/messages/${uid}`);
  const total = performance.now() - start;
  if (!conversation.messages.some((m) => m.id === uid)) throw new Error('the conversation lacks the message');
  if ((detail.text ?? '').length < 1000) throw new Error('the message came without its body');
  return total;
}

async function main() {
  const env = await prepareEnvironment();
  try {
    const seconds = await seedMaildirFolder(env.stack, {
      email: env.user.email,
      folder: big.path,
      count: big.count,
      seed: big.seed,
    });
    if (seconds) console.log(`seeded ${big.count} messages into ${big.path} in ${seconds.toFixed(1)} s`);
    const rows = await measure(env);
    console.log(
      `\nOpen benchmark: first open of new mail in a ${big.count.toLocaleString('en')}-message folder, webmail API vs ` +
        `IMAP wire floor, same Dovecot, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}, ` +
        `Node ${process.version}. Times in ms.\n`,
    );
    printComparison(rows);
  } finally {
    await env.stop();
  }
}

async function measure(env: BenchEnvironment): Promise<ComparedRow[]> {
  const imap = await imapClient(env);
  const wire = await WireImap.connect(env.imapPort, env.user.email, env.user.password);
  await wire.run(`SELECT "${big.path}"`);
  const api = new ApiSession(env.baseUrl);
  await api.signIn(env.user.email, env.user.password);
  const flatten = (folders: Folder[]): Folder[] => folders.flatMap((f) => [f, ...flatten(f.children ?? [])]);
  const tree = await api.json<{ mailboxes: Folder[] }>('/api/u/0/mailbox');
  const folder = flatten(tree.mailboxes).find((f) => f.path === big.path);
  if (!folder) throw new Error(`${big.path} is not in the folder tree`);
  const lock = await imap.getMailboxLock(big.path);
  const roots = (await imap.fetchAll('1:20', { envelope: true })).map((m) => m.envelope?.messageId);
  lock.release();
  const root = (n: number) => roots[n % roots.length] ?? '<none@example.test>';
  let n = 0;
  const fresh = async () => {
    n += 1;
    const subject = `Re: open bench ${n}`;
    return { uid: await appendReply(imap, root(n), n), thread: threadIdOf(root(n)), subject };
  };
  const wireOpen = async (uid: number) => {
    // Dovecot shows the connection the new message only with the NOOP's EXISTS (a FETCH before it answers nothing).
    await wire.run('NOOP');
    return wire.time([`UID FETCH ${uid} (BODY.PEEK[])`]);
  };
  try {
    const signIn = await measureSignIn(env, env.user, runs);
    // BENCH_OPEN_SIGN_IN_ONLY=1: the sign-in row alone.
    if (process.env.BENCH_OPEN_SIGN_IN_ONLY) return [signIn];
    return [signIn, ...(await measureOpens(api, env.baseUrl, folder.id, fresh, wireOpen))];
  } finally {
    await wire.close();
    // The appended replies go, so the next run's seed check finds the folder as seeded.
    await doveadm(env.stack, [
      'expunge',
      '-u',
      env.user.email,
      'mailbox',
      big.path,
      'header',
      'Message-ID',
      'open-bench-',
    ]).catch((err: Error) => console.warn(`cleanup: ${err.message}`));
    await imap.logout();
  }
}

async function measureOpens(
  api: ApiSession,
  baseUrl: string,
  folderId: string,
  fresh: () => Promise<{ uid: number; thread: string; subject: string }>,
  wireOpen: (uid: number) => Promise<number>,
): Promise<ComparedRow[]> {
  const folder = { id: folderId };

  // Before: nothing listed the folder in this server process, so there is no index yet.
  const before: number[] = [];
  const beforeWire: number[] = [];
  threadTimes.length = 0;
  for (let i = 0; i < runs; i += 1) {
    const { uid, thread } = await fresh();
    // Not listed (that would start the index): a pause instead, so the server's connection has seen the
    // new message (its IDLE reports EXISTS), as it has when a user clicks new mail.
    await new Promise((resolve) => setTimeout(resolve, 500));
    before.push(await open(api, folder.id, uid, thread));
    beforeWire.push(await wireOpen((await fresh()).uid));
  }
  const split = (row: number[]) =>
    `conversation ${med(threadTimes).toFixed(1)} + message ${(med(row) - med(threadTimes)).toFixed(1)} ms (medians)`;
  console.log(`before the folder index: ${split(before)}`);
  // The app lists the folder; its index is read in the background. Wait until a fresh open is fast.
  const listed = performance.now();
  await api.json(`/api/u/0/mailbox/${encodeURIComponent(folder.id)}/messages?limit=50`);
  let waited: number;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { uid, thread } = await fresh();
    await api.json(`/api/u/0/mailbox/${encodeURIComponent(folder.id)}/messages?limit=50`);
    waited = (performance.now() - listed) / 1000;
    if ((await open(api, folder.id, uid, thread)) < med(before) / 4 || waited > 120) break;
  }
  console.log(`the folder index was ready ${waited.toFixed(0)} s after the first listing`);
  const after: number[] = [];
  const afterWire: number[] = [];
  threadTimes.length = 0;
  for (let i = 0; i < runs; i += 1) {
    const { uid, thread } = await fresh();
    // As the app shows new mail: the list first (untimed), then the open.
    await api.json(`/api/u/0/mailbox/${encodeURIComponent(folder.id)}/messages?limit=50`);
    after.push(await open(api, folder.id, uid, thread));
    afterWire.push(await wireOpen((await fresh()).uid));
  }
  console.log(`folder index: ${split(after)}`);
  // As the app runs: its event stream open, so the account's watcher announces new mail (and the server reads it
  // ahead); the list is read when the EXISTS event came, then the message is opened.
  const stream = await openStream(baseUrl, api.cookieHeader());
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const live: number[] = [];
  const liveWire: number[] = [];
  threadTimes.length = 0;
  try {
    for (let i = 0; i < runs; i += 1) {
      const { uid, thread, subject } = await fresh();
      await stream.waitFor(subject);
      await api.json(`/api/u/0/mailbox/${encodeURIComponent(folder.id)}/messages?limit=50`);
      live.push(await open(api, folder.id, uid, thread));
      liveWire.push(await wireOpen((await fresh()).uid));
    }
  } finally {
    stream.close();
  }
  console.log(`folder index, announced by the event stream: ${split(live)}`);
  const wireCommands = 'NOOP, then UID FETCH (BODY.PEEK[]) of a never-fetched message';
  return [
    {
      name: 'first open of new mail (100k), before the folder index',
      product: before,
      wire: beforeWire,
      wireCommands,
      target: null,
    },
    {
      name: 'first open of new mail (100k), folder index',
      product: after,
      wire: afterWire,
      wireCommands,
      target: null,
    },
    {
      name: 'first open of new mail (100k), folder index, event stream open',
      product: live,
      wire: liveWire,
      wireCommands,
      target: null,
    },
  ];
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
