/**
 * The reading benchmark: opening a 10 KB text message, a 100 KB HTML newsletter and a 5 MB message with
 * attachments through the webmail API, beside the IMAP wire floor of the same bodies on the same Dovecot;
 * and downloading one 2 MB attachment. Not a test: it prints a table.
 *
 *   npm run bench:reading -w @webmail/bench
 *
 * Starts its own mailstack (port base 26100) and server (port 8284) unless BENCH_URL names a running one.
 * Env: BENCH_RUNS (10, warm rows), BENCH_COLD_RUNS (5), BENCH_STATE_DIR, BENCH_MAILSTACK_PORT_BASE,
 * BENCH_SERVER_PORT; see bench/README.md.
 */
import os from 'node:os';
import { ApiSession } from './api-session.js';
import { prepareEnvironment } from './bench-environment.js';
import {
  attachmentRow,
  coldRows,
  copiesFromList,
  openMessage,
  warmRows,
  type ReadingBench,
  type ReadingRow,
} from './reading-scenarios.js';
import { readingSpecs } from './seed/reading-messages.js';
import { appendCopies, backgroundCount, prepareInbox, removeCopies } from './seed/reading-seed.js';
import { printComparison, quantile } from './stats.js';
import { WireImap } from './wire-imap.js';

const runs = Number(process.env.BENCH_RUNS ?? 10);
const coldRuns = Number(process.env.BENCH_COLD_RUNS ?? 5);
/** Copies of each message opened (not timed) before its cold rows, each once. */
const warmUps = 5;

interface Folder {
  id: string;
  path: string;
}

async function main() {
  // The copies of one message must all be on the first Inbox page (50 rows) the app shows.
  if (3 * coldRuns + warmUps + 1 > 50) throw new Error('BENCH_COLD_RUNS can be at most 14');
  const env = await prepareEnvironment({
    user: { email: 'reading-bench@example.test', password: 'reading-bench-pw' },
    portBase: 26100,
    serverPort: 8284,
  });
  const appended: number[] = [];
  try {
    const seconds = await prepareInbox(env);
    if (seconds) console.log(`seeded ${backgroundCount} messages into INBOX in ${seconds.toFixed(1)} s`);
    const api = new ApiSession(env.baseUrl);
    await api.signIn(env.user.email, env.user.password);
    const tree = await api.json<{ mailboxes: Folder[] }>('/api/u/0/mailbox');
    const inbox = tree.mailboxes.find((f) => f.path === 'INBOX');
    if (!inbox) throw new Error('INBOX is not in the folder tree');
    const wire = await WireImap.connect(env.imapPort, env.user.email, env.user.password);
    await wire.run('SELECT INBOX');
    const bench: ReadingBench = { env, api, wire, inboxId: inbox.id };
    const rows = await measure(bench, appended);
    await wire.close();
    console.log(
      `\nReading benchmark: webmail API vs IMAP wire floor (bare socket, no parsing), same Dovecot, ` +
        `${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}. ` +
        `Times in ms; ratio = product median / wire median.\n`,
    );
    printComparison(rows);
    console.log('');
    for (const row of rows) console.log(`- ${row.name}: ${row.note}`);
  } finally {
    await removeCopies(env, appended).catch((err: Error) => console.warn(`cleanup: ${err.message}`));
    await env.stop();
  }
}

async function measure(bench: ReadingBench, appended: number[]): Promise<ReadingRow[]> {
  const rows: ReadingRow[] = [];
  const push = (row: ReadingRow) => {
    rows.push(row);
    console.log(`  ${row.name}: product ${med(row.product)} ms, wire ${med(row.wire)} ms`);
  };
  // Unique per run: copies never share a conversation or a subject with an earlier run's.
  const runTag = String(Date.now() % 10_000).padStart(4, '0');
  for (const spec of readingSpecs) {
    // Appended per kind, so all of them are on the first Inbox page: 3 per cold run, the warm-up copies and
    // one warm copy.
    const uids = await appendCopies(bench.env, spec.kind, 3 * coldRuns + warmUps + 1, runTag);
    appended.push(...uids);
    const [warm, ...others] = await copiesFromList(
      bench.api,
      bench.inboxId,
      uids.slice(3 * coldRuns).reverse(),
    );
    // A running server has opened messages like this before: its code paths (parser, sanitizer) are
    // loaded and optimised. Untimed opens keep that start-up out of the cold rows (one is not enough: the
    // first sanitize of a newsletter takes 4-8 times as long as the fifth). Each opens another copy: the
    // same message opened again comes from the sanitized-HTML cache and warms nothing.
    for (const copy of [...others, warm!]) await openMessage(bench.api, bench.inboxId, copy, spec);
    for (const row of await coldRows(bench, spec, uids.slice(0, 3 * coldRuns), coldRuns)) push(row);
    for (const row of await warmRows(bench, spec, warm!, runs)) push(row);
    if (spec.attachment) push(await attachmentRow(bench, spec, warm!, runs));
  }
  return rows;
}

const med = (t: number[]) => quantile(t, 0.5).toFixed(1);

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
