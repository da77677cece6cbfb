/**
 * The mailbox benchmark: a 100,000-message and a 5,000-message folder, the webmail API beside the IMAP
 * wire floor measured in the same run on the same Dovecot. Not a test: it prints a table.
 *
 *   npm run bench:mailbox -w @webmail/bench
 *
 * Starts its own mailstack (port base 26000) and server (port 8282) unless BENCH_URL names a running one.
 * Env: BENCH_RUNS (10, warm rows), BENCH_COLD_RUNS (5), BENCH_ACTION_RUNS (5), BENCH_MAILBOX_ROWS (`warm`: only
 * the warm rows), BENCH_STATE_DIR (keep and reuse the seeded stack), BENCH_MAILSTACK_PORT_BASE, BENCH_SERVER_PORT;
 * see bench/README.md.
 */
import os from 'node:os';
import { ApiSession } from './api-session.js';
import { prepareEnvironment } from './bench-environment.js';
import {
  coldRow,
  compress,
  httpFloor,
  markAllReadRow,
  moveRow,
  rowItems,
  sortedOnWire,
  warmRow,
  wireSession,
  type Bench,
  type Folder,
} from './mailbox-scenarios.js';
import { doveadm, seedMaildirFolder } from './seed/maildir-seed.js';
import { printComparison, type ComparedRow } from './stats.js';

const big = { path: 'Lists/Bench-100k', count: 100_000, seed: 100 };
const small = { path: 'Lists/Bench-5k', count: 5_000, seed: 5 };
const movedPath = 'Lists/Bench-moved';
const runs = Number(process.env.BENCH_RUNS ?? 10);
const coldRuns = Number(process.env.BENCH_COLD_RUNS ?? 5);
const actionRuns = Number(process.env.BENCH_ACTION_RUNS ?? 5);
/** `warm`: only the warm rows (no sign-in per run, no whole-folder actions), to compare two builds quickly. */
const onlyWarm = process.env.BENCH_MAILBOX_ROWS === 'warm';

const flatten = (folders: Array<Folder & { children: Folder[] }>): Folder[] =>
  folders.flatMap((f) => [f, ...flatten(f.children as Array<Folder & { children: Folder[] }>)]);

async function main() {
  const env = await prepareEnvironment();
  try {
    // A run that stopped half-way may have left moved messages behind: put them back first. Without fts (the
    // moved messages need no new index); `virtual` stays, or the Virtual/ namespace fails to open.
    const restore = [
      '-o',
      'mail_plugins=quota virtual',
      'move',
      '-u',
      env.user.email,
      big.path,
      'mailbox',
      movedPath,
      'all',
    ];
    await doveadm(env.stack, restore).catch(() => undefined);
    for (const spec of [big, small]) {
      const target = { email: env.user.email, folder: spec.path, count: spec.count, seed: spec.seed };
      const seconds = await seedMaildirFolder(env.stack, target);
      if (seconds) console.log(`seeded ${spec.count} messages into ${spec.path} in ${seconds.toFixed(1)} s`);
    }
    await doveadm(env.stack, ['mailbox', 'create', '-u', env.user.email, movedPath]).catch(() => undefined);
    const api = new ApiSession(env.baseUrl);
    await api.signIn(env.user.email, env.user.password);
    const tree = await api.json<{ mailboxes: Array<Folder & { children: Folder[] }> }>('/api/u/0/mailbox');
    const folders = new Map(flatten(tree.mailboxes).map((f) => [f.path, f]));
    const wire = await wireSession(env);
    const bench: Bench = { env, api, wire, folders };
    const rows = await measure(bench);
    const http = await httpFloor(bench, Math.max(runs, 50));
    await wire.close();
    console.log(
      `\nMailbox benchmark: webmail API vs IMAP wire floor (bare socket, no parsing), same Dovecot, ` +
        `${os.cpus().length} CPUs, Node ${process.version}. Times in ms; ratio = product median / wire median.\n`,
    );
    printComparison(rows);
    console.log(
      `\nThe HTTP round trip inside every product time (no mail server work; medians): ` +
        `GET /api/ ${http.open.toFixed(2)} ms, GET /api/auth/me (session check and database) ${http.signedIn.toFixed(2)} ms.`,
    );
  } finally {
    await env.stop();
  }
}

const fetchOf = (uids: number[]) => `UID FETCH ${compress([...uids].sort((a, b) => a - b))} ${rowItems}`;

async function measure(bench: Bench): Promise<ComparedRow[]> {
  const folder = (path: string) => {
    const found = bench.folders.get(path);
    if (!found) throw new Error(`${path} is not in the folder tree`);
    return found;
  };
  const rows: ComparedRow[] = [];
  const push = (row: ComparedRow) => {
    rows.push(row);
    const median = (t: number[]) => [...t].sort((a, b) => a - b)[Math.floor(t.length / 2)]!.toFixed(1);
    console.log(`  ${row.name}: product ${median(row.product)} ms, wire ${median(row.wire)} ms`);
  };
  const [bigFolder, smallFolder, moved] = [folder(big.path), folder(small.path), folder(movedPath)];
  await folderRows(bench, '100k', bigFolder, true, push);
  await folderRows(bench, '5k', smallFolder, false, push);
  if (onlyWarm) return rows;
  push(await markAllReadRow(bench, bigFolder, actionRuns));
  push(await moveRow(bench, bigFolder, moved, actionRuns));
  return rows;
}

/** The list rows of one folder: first page cold and warm; on the big one also a deep page and conversations. */
async function folderRows(
  bench: Bench,
  label: string,
  f: Folder,
  big: boolean,
  push: (row: ComparedRow) => void,
) {
  // Dovecot builds its sort, thread and header caches on first use: warm them for both sides alike.
  const sorted = await sortedOnWire(bench.wire, f.path);
  await bench.wire.run(fetchOf(sorted.slice(0, 50)));
  if (big) {
    await bench.wire.run(fetchOf(sorted.slice(50_000, 50_050)));
    await bench.wire.run('UID THREAD REFS UTF-8 ALL');
  }
  const select = `SELECT "${f.path}"`;
  const sort = 'UID SORT (ARRIVAL) UTF-8 ALL';
  const coldName = `${label}: first 50, cold (first open after sign-in)`;
  if (!onlyWarm) {
    const cold = await coldRow(
      bench,
      coldName,
      f,
      'limit=50',
      (uids) => [select, sort, fetchOf(uids)],
      coldRuns,
    );
    if (cold.firstIds.join() !== sorted.slice(0, 50).join())
      console.warn(`${label}: first page differs from SORT`);
    push({ ...cold, target: 1.5 });
  }
  push(await warmRow(bench, `${label}: first 50, warm`, f, 'limit=50', runs));
  if (!big) return;
  push(await warmRow(bench, `${label}: rows 50,000–50,049, warm`, f, 'offset=50000&limit=50', runs));
  const threads = ['UID THREAD REFS UTF-8 ALL', 'UID SEARCH RETURN (ALL) UNSEEN'];
  const query = 'mode=conversations&limit=50';
  const name = `${label}: first 50 conversations`;
  if (!onlyWarm) {
    const cold = await coldRow(
      bench,
      `${name}, cold`,
      f,
      query,
      (uids) => [select, sort, ...threads, fetchOf(uids)],
      coldRuns,
    );
    push(cold);
  }
  push(await warmRow(bench, `${name}, warm`, f, query, runs));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
