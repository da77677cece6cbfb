/**
 * The account bench: what a user of a 100,000-message Inbox pays while other sessions of the same account come and
 * go. Not a test: it prints tables.
 *
 *   npm run bench:account -w @webmail/bench
 *
 * Its own mailstack (port base 26600) and server (port 8293) for `account-bench@example.test`, whose Inbox holds
 * 100,000 messages (written into the maildir, as the mailbox bench does; keep BENCH_STATE_DIR to reuse it). Rows:
 * - sign-in: `POST /auth` + the folder tree in a new session, beside a bare connect + LOGIN (and beside what a
 *   folder tree costs on a new connection: LIST-STATUS with counts, with only UIDNEXT HIGHESTMODSEQ, plain LIST);
 * - the cold first page of the Inbox right after a sign-in, beside SELECT + SORT + FETCH 50 on a new connection;
 * - opens: the measured session signs in, three other sessions of the account sign in and list the Inbox and sign
 *   out around its first listing; then `BENCH_RUNS` times a ~100 KB newsletter is delivered, and once the session's
 *   event stream announced it (as the app runs), the session switches to Sent and back to the Inbox (untimed) and
 *   opens it (timed: the conversation, then the message), one open every `BENCH_OPEN_PAUSE_MS` (a user reading). Beside it: NOOP + `UID FETCH (BODY.PEEK[])` of another fresh copy.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import { ApiSession } from './api-session.js';
import { prepareEnvironment, type BenchEnvironment } from './bench-environment.js';
import { openStream } from './event-stream.js';
import {
  coldRow,
  compress,
  measureSignIn,
  rowItems,
  sortedOnWire,
  wireSession,
  type Folder,
} from './mailbox-scenarios.js';
import { doveadm, seedMaildirFolder } from './seed/maildir-seed.js';
import { newsletterMessage } from './seed/reading-newsletter.js';
import { imapClient } from './seed/reading-seed.js';
import { printComparison, quantile, type ComparedRow } from './stats.js';
import { WireImap } from './wire-imap.js';

const runs = Number(process.env.BENCH_RUNS ?? 10);
const pauseMs = Number(process.env.BENCH_OPEN_PAUSE_MS ?? 1000);
const user = { email: 'account-bench@example.test', password: 'account-bench-pw' };
const tagPrefix = `acct${Date.now().toString(36)}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface TreeFolder extends Folder {
  specialUse?: string | null;
  total: number;
  unseen: number;
  children?: TreeFolder[];
}
const flatten = (folders: TreeFolder[]): TreeFolder[] =>
  folders.flatMap((f) => [f, ...flatten(f.children ?? [])]);

async function main() {
  // The seeded Inbox is not in the full-text index, and Dovecot's autoindex would index all 100,000 messages (at
  // ~50–100 a second) at the first APPEND, holding up everything the bench measures: the bench's own stack leaves
  // INBOX out of the autoindex as big folders under Lists/ are (a real Inbox was indexed as its mail came).
  process.env.MAILSTACK_FTS_BULK_EXCLUDE ??= 'INBOX';
  const env = await prepareEnvironment({ user, portBase: 26600, serverPort: 8293 });
  // Newsletters a run that stopped half-way left behind (the seed check counts the folder).
  await removeNewsletters(env).catch(() => undefined);
  try {
    const seconds = await seedMaildirFolder(env.stack, {
      email: user.email,
      folder: 'INBOX',
      count: 100_000,
      seed: 100,
    });
    if (seconds) console.log(`seeded 100,000 messages into INBOX in ${seconds.toFixed(1)} s`);
    const api = new ApiSession(env.baseUrl);
    await api.signIn(user.email, user.password);
    const tree = await api.json<{ mailboxes: TreeFolder[] }>('/api/u/0/mailbox');
    const all = flatten(tree.mailboxes);
    const inbox = all.find((f) => f.path === 'INBOX');
    const sent = all.find((f) => f.specialUse === 'sent' || f.path === 'Sent');
    if (!inbox || !sent) throw new Error('the tree lacks INBOX or Sent');
    console.log(`the folder tree's Inbox: ${inbox.total} messages, ${inbox.unseen} unseen`);
    await api.signOut();
    const wire = await wireSession(env);
    // Dovecot's sort cache of the Inbox, warm for both sides alike.
    const sorted = await sortedOnWire(wire, 'INBOX');
    await wire.close();
    const rows: ComparedRow[] = [await measureSignIn(env, user, runs), ...(await bareLoginRows(env))];
    // BENCH_ACCOUNT_ROWS=sign-in: the sign-in rows alone (no cold page, no opens).
    if (process.env.BENCH_ACCOUNT_ROWS === 'sign-in') {
      printSignIn(rows);
      return;
    }
    const fetchOf = (uids: number[]) => `UID FETCH ${compress([...uids].sort((a, b) => a - b))} ${rowItems}`;
    const cold = await coldRow(
      { env, api, wire, folders: new Map() },
      'Inbox first 50, cold (after sign-in)',
      inbox,
      'limit=50',
      (uids) => [
        'SELECT "INBOX"',
        'UID SORT (ARRIVAL) UTF-8 ALL',
        fetchOf(uids.length ? uids : sorted.slice(0, 50)),
      ],
      runs,
    );
    rows.push({ ...cold, wireCommands: 'new connection: SELECT + UID SORT + UID FETCH 50' });
    rows.push(await opensRow(env, inbox, sent));
    const ratio = printSignIn(rows);
    console.log(
      `${ratio}; cold first page ${quantile(cold.product, 0.5).toFixed(1)} ms vs the wire's ${quantile(cold.wire, 0.5).toFixed(1)} ms ` +
        `(+${(quantile(cold.product, 0.5) - quantile(cold.wire, 0.5)).toFixed(1)} ms)`,
    );
  } finally {
    await removeNewsletters(env).catch((err: Error) => console.warn(`cleanup: ${err.message}`));
    await env.stop();
  }
}

/** Prints the table and the sign-in's ratio to the bare LOGIN; returns that line. */
function printSignIn(rows: ComparedRow[]): string {
  console.log(
    `\nAccount bench: 100,000-message Inbox, webmail API vs IMAP wire floor, same Dovecot, ` +
      `${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}. Times in ms.\n`,
  );
  printComparison(rows);
  const signIn = quantile(rows[0]!.product, 0.5);
  const login = quantile(rows[1]!.wire, 0.5);
  const line = `sign-in ${signIn.toFixed(1)} ms = ${(signIn / login).toFixed(1)}× the bare LOGIN (${login.toFixed(1)} ms)`;
  console.log(`\n${line}`);
  return line;
}

/**
 * Expunges the newsletters the bench appended, so the next run's seed check finds the Inbox as seeded. Without the
 * fts plugin: its header search would first index the whole Inbox.
 */
async function removeNewsletters(env: BenchEnvironment): Promise<void> {
  const noFts = ['-o', 'mail_plugins=quota virtual'];
  const search = ['mailbox', 'INBOX', 'header', 'Message-ID', 'reading-news-acct'];
  await doveadm(env.stack, [...noFts, 'expunge', '-u', user.email, ...search]);
}

/**
 * The floor of a sign-in (connect + LOGIN), and what Dovecot charges on a new connection for the counts of a
 * folder tree: LIST-STATUS with MESSAGES UNSEEN, and with only UIDNEXT HIGHESTMODSEQ (no count at all).
 */
async function bareLoginRows(env: BenchEnvironment): Promise<ComparedRow[]> {
  const login: number[] = [];
  const counts: number[] = [];
  const cheap: number[] = [];
  const plain: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    let at = performance.now();
    const w = await WireImap.connect(env.imapPort, user.email, user.password);
    login.push(performance.now() - at);
    await w.close();
    for (const [items, into] of [
      ['MESSAGES UNSEEN', counts],
      ['UIDNEXT HIGHESTMODSEQ', cheap],
      ['', plain],
    ] as const) {
      const fresh = await WireImap.connect(env.imapPort, user.email, user.password);
      at = performance.now();
      await fresh.run(items ? `LIST "" "*" RETURN (STATUS (${items}))` : 'LIST "" "*"');
      into.push(performance.now() - at);
      await fresh.close();
    }
  }
  const row = (name: string, wire: number[], wireCommands: string): ComparedRow => ({
    name,
    product: wire,
    wire,
    wireCommands,
    target: null,
  });
  return [
    row('bare IMAP login', login, 'connect + LOGIN'),
    row('LIST-STATUS (MESSAGES UNSEEN), new connection', counts, 'after LOGIN'),
    row('LIST-STATUS (UIDNEXT HIGHESTMODSEQ), new connection', cheap, 'after LOGIN'),
    row('LIST without STATUS, new connection', plain, 'after LOGIN'),
  ];
}

/** The conversation id the server gives a message whose thread root is `root` (mime/thread-id.ts). */
const threadIdOf = (root: string) =>
  createHash('sha256').update(root.toLowerCase()).digest('base64url').slice(0, 16);

async function opensRow(env: BenchEnvironment, inbox: Folder, sent: Folder): Promise<ComparedRow> {
  const imap = await imapClient(env);
  // A socket timeout while the server is busy must fail the run in its `finally`, not crash past it.
  imap.on('error', (err: Error) => console.warn(`bench IMAP client: ${err.message}`));
  const wire = await WireImap.connect(env.imapPort, user.email, user.password);
  await wire.run('SELECT "INBOX"');
  let n = 0;
  const deliver = async () => {
    n += 1;
    const tag = `${tagPrefix}-${n}`;
    const answer = await imap.append('INBOX', newsletterMessage(user.email, tag, new Date()), []);
    if (!answer || !answer.uid) throw new Error('APPEND gave no UID');
    return { uid: answer.uid, tag, thread: threadIdOf(`<reading-news-${tag}@baltic-dev.example>`) };
  };
  const list = (api: ApiSession, f: Folder) =>
    api.json(`/api/u/0/mailbox/${encodeURIComponent(f.id)}/messages?limit=50`);
  const measured = new ApiSession(env.baseUrl);
  const others = [0, 1, 2].map(() => new ApiSession(env.baseUrl));
  const product: number[] = [];
  const wireTimes: number[] = [];
  const split: string[] = [];
  let stream: Awaited<ReturnType<typeof openStream>> | null = null;
  try {
    for (const api of [measured, ...others]) {
      await api.signIn(user.email, user.password);
      await api.json('/api/u/0/mailbox');
    }
    // As the app runs: its event stream open (new mail is announced, and read ahead by the server).
    stream = await openStream(env.baseUrl, measured.cookieHeader());
    const [b, c, d] = others as [ApiSession, ApiSession, ApiSession];
    // Around the measured session's first listing: the others list the Inbox and sign out.
    await list(b, inbox);
    const first = performance.now();
    await list(measured, inbox);
    await list(c, inbox);
    await b.signOut();
    await list(d, inbox);
    await c.signOut();
    await d.signOut();
    for (let i = 0; i < runs; i += 1) {
      await pause(pauseMs);
      const { uid, thread, tag } = await deliver();
      await stream.waitForText(`Digest #${tag}:`);
      // A folder switch and back, as a user who looks into Sent and returns to the new mail.
      await list(measured, sent);
      await list(measured, inbox);
      const base = `/api/u/0/mailbox/${encodeURIComponent(inbox.id)}`;
      const start = performance.now();
      const conversation = await measured.json<{ messages: Array<{ id: number }> }>(
        `${base}/threads/${encodeURIComponent(thread)}?messageId=${uid}`,
      );
      const between = performance.now();
      const detail = await measured.json<{ html: string | null }>(`${base}/messages/${uid}`);
      const end = performance.now();
      if (!conversation.messages.some((m) => m.id === uid))
        throw new Error('the conversation lacks the message');
      if (!detail.html) throw new Error('the newsletter came without its HTML');
      product.push(end - start);
      split.push(
        `${((start - first) / 1000).toFixed(1)} s: ${(between - start).toFixed(0)} + ${(end - between).toFixed(0)}`,
      );
      const other = await deliver();
      await wire.run('NOOP');
      wireTimes.push(await wire.time([`UID FETCH ${other.uid} (BODY.PEEK[])`]));
    }
    await measured.signOut();
  } finally {
    stream?.close();
    await wire.close();
    await imap.logout();
  }
  console.log(`opens (time since the first listing: conversation + message ms): ${split.join('; ')}`);
  console.log(
    `opens: median ${quantile(product, 0.5).toFixed(1)} ms, max ${Math.max(...product).toFixed(1)} ms ` +
      `(wire median ${quantile(wireTimes, 0.5).toFixed(1)}, max ${Math.max(...wireTimes).toFixed(1)})`,
  );
  return {
    name: `open new 100 KB newsletter, ${runs}×, others signed out, after a folder switch`,
    product,
    wire: wireTimes,
    wireCommands: 'NOOP, UID FETCH (BODY.PEEK[]) of a fresh copy',
    target: null,
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
