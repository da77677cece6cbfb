/**
 * The search benchmark: GET /search beside the IMAP wire floor, measured in the same run on the same Dovecot with
 * fts-xapian. Not a test: it prints a table.
 *
 *   npm run bench:search -w @webmail/bench
 *
 * Rows: in a big folder (BENCH_SEARCH_COUNT messages, 100,000 by default, indexed by fts-xapian before measuring)
 * and over alice's whole demo mailbox (the default scope: every folder but Trash and Junk): a rare word, a common
 * word, `from:`, `is:unread after:`, cold and warm, first page of 50.
 * Starts its own mailstack (port base 26300) and server (port 8288) unless BENCH_URL names a running one.
 * Env: BENCH_RUNS (10, warm), BENCH_COLD_RUNS (5), BENCH_SEARCH_COUNT, BENCH_STATE_DIR, BENCH_SEARCH_TARGETS
 * (folder,mailbox), SEARCH_ENGINE (the server's); see bench/README.md.
 */
import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import { ApiSession } from './api-session.js';
import { prepareEnvironment, repoRoot, type BenchEnvironment } from './bench-environment.js';
import { compress, rowItems, wireSession, type Folder } from './mailbox-scenarios.js';
import { doveadm, seedMaildirFolder } from './seed/maildir-seed.js';
import { printComparison, type ComparedRow } from './stats.js';
import { numbersOf } from './wire-imap.js';

const count = Number(process.env.BENCH_SEARCH_COUNT ?? 100_000);
const folderPath = `Lists/Bench-search-${count}`;
const runs = Number(process.env.BENCH_RUNS ?? 10);
const coldRuns = Number(process.env.BENCH_COLD_RUNS ?? 5);
const alice = { email: 'alice@example.test', password: 'alice-demo' };
const ms = (start: number) => performance.now() - start;
const median = (t: number[]) => [...t].sort((a, b) => a - b)[Math.floor(t.length / 2)]!.toFixed(1);

/** A query as the bar sends it and the same criteria as a bare client would write them. */
interface Case {
  label: string;
  search: string;
  criteria: string;
}

/** The four queries of the issue with a target's own words: a rare one, a common one, a sender. */
function cases(words: Target['words']): Case[] {
  const since = new Date(Date.now() - words.afterDays * 86_400_000);
  const iso = since.toISOString().slice(0, 10);
  const month = since.toLocaleString('en', { month: 'short', timeZone: 'UTC' });
  const imapDate = `${since.getUTCDate()}-${month}-${since.getUTCFullYear()}`;
  return [
    { label: `rare word (${words.rare})`, search: words.rare, criteria: `TEXT "${words.rare}"` },
    { label: `common word (${words.common})`, search: words.common, criteria: `TEXT "${words.common}"` },
    { label: `from:${words.from}`, search: `from:${words.from}`, criteria: `FROM "${words.from}"` },
    {
      label: `is:unread after:${iso}`,
      search: `is:unread after:${iso}`,
      criteria: `UNSEEN SINCE ${imapDate}`,
    },
  ];
}

interface Target {
  kind: 'folder' | 'mailbox';
  name: string;
  user: { email: string; password: string };
  /** The folder the wire floor selects (the virtual all-mail folder for a whole mailbox). */
  wireFolder: string;
  /** `mailboxId=` for a one-folder search. */
  scope: string;
  words: { rare: string; common: string; from: string; afterDays: number };
}

interface Page {
  total: number;
  messages: Array<{ id: number }>;
}

const searchPath = (target: Target, search: string) =>
  `/api/u/0/search?limit=50&search=${encodeURIComponent(search)}${target.scope}`;

/** Newest-first UIDs of the matches in the wire folder (bookkeeping, not timed). */
async function wireHits(env: BenchEnvironment, target: Target, criteria: string): Promise<number[]> {
  const wire = await wireSession({ ...env, user: target.user });
  await wire.run(`SELECT "${target.wireFolder}"`);
  const uids = numbersOf(await wire.run(`UID SORT (ARRIVAL) UTF-8 ${criteria}`, true), 'SORT').reverse();
  await wire.close();
  return uids;
}

async function rows(env: BenchEnvironment, target: Target, c: Case): Promise<ComparedRow[]> {
  const hits = await wireHits(env, target, c.criteria);
  if (hits.length === 0) {
    console.warn(`${target.name}: ${c.label} has no hits, skipped`);
    return [];
  }
  const fetch = `UID FETCH ${compress(hits.slice(0, 50).sort((a, b) => a - b))} ${rowItems}`;
  const commands = [`SELECT "${target.wireFolder}"`, `UID SORT (ARRIVAL) UTF-8 ${c.criteria}`, fetch];
  const cold: ComparedRow = {
    name: `${target.name}: ${c.label}, cold (${hits.length} hits)`,
    product: [],
    wire: [],
    wireCommands: 'new connection: SELECT + UID SORT (criteria) + UID FETCH 50',
    target: 1.5,
  };
  for (let i = 0; i < coldRuns; i += 1) {
    const session = new ApiSession(env.baseUrl);
    await session.signIn(target.user.email, target.user.password);
    await session.json('/api/u/0/mailbox');
    const start = performance.now();
    const page = await session.json<Page>(searchPath(target, c.search));
    cold.product.push(ms(start));
    if (page.total !== hits.length)
      console.warn(`${c.label}: webmail ${page.total} hits, IMAP ${hits.length}`);
    await session.signOut();
    const wire = await wireSession({ ...env, user: target.user });
    cold.wire.push(await wire.time(commands));
    await wire.close();
  }
  const api = new ApiSession(env.baseUrl);
  await api.signIn(target.user.email, target.user.password);
  const path = searchPath(target, c.search);
  const wire = await wireSession({ ...env, user: target.user });
  await wire.run(`SELECT "${target.wireFolder}"`);
  for (let i = 0; i < 10; i += 1) {
    await api.json(path);
    await wire.run(fetch);
  }
  const warm: ComparedRow = {
    name: `${target.name}: ${c.label}, warm`,
    product: [],
    wire: [],
    wireCommands: 'only the UID FETCH of the 50 rows',
    target: 2,
  };
  for (let i = 0; i < runs; i += 1) {
    let start = performance.now();
    await api.json(path);
    warm.product.push(ms(start));
    start = performance.now();
    await wire.run(fetch);
    warm.wire.push(ms(start));
  }
  await wire.close();
  await api.signOut();
  return [cold, warm];
}

async function main() {
  const env = await prepareEnvironment({
    user: { email: 'search-bench@example.test', password: 'search-bench-pw' },
    portBase: 26300,
    serverPort: 8288,
  });
  try {
    const seeded = await seedMaildirFolder(env.stack, {
      email: env.user.email,
      folder: folderPath,
      count,
      seed: 7,
    });
    if (seeded) console.log(`seeded ${count} messages into ${folderPath} in ${seeded.toFixed(1)} s`);
    let start = performance.now();
    await doveadm(env.stack, ['index', '-u', env.user.email, folderPath]);
    console.log(`fts-xapian index of ${folderPath}: ${(ms(start) / 1000).toFixed(1)} s`);
    start = performance.now();
    await promisify(execFile)('npx', ['tsx', 'mailstack/bin/seed-demo.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        MAILSTACK_DIR: env.stack.dir,
        MAILSTACK_PORT_BASE: String(env.stack.portBase),
        MAILSTACK_SEED_INDEX: 'wait',
      },
      maxBuffer: 16 * 1024 * 1024,
    });
    console.log(`demo mailboxes seeded and indexed in ${(ms(start) / 1000).toFixed(1)} s`);
    const api = new ApiSession(env.baseUrl);
    await api.signIn(env.user.email, env.user.password);
    const tree = await api.json<{ mailboxes: Array<Folder & { children: Folder[] }> }>('/api/u/0/mailbox');
    const flat = (fs: Array<Folder & { children?: Folder[] }>): Folder[] =>
      fs.flatMap((f) => [f, ...flat((f.children ?? []) as Array<Folder & { children?: Folder[] }>)]);
    const folder = flat(tree.mailboxes).find((f) => f.path === folderPath);
    if (!folder) throw new Error(`${folderPath} is not in the folder tree`);
    await api.signOut();
    const targets: Target[] = [
      {
        kind: 'folder',
        name: `${count / 1000}k folder`,
        user: env.user,
        wireFolder: folderPath,
        scope: `&mailboxId=${encodeURIComponent(folder.id)}`,
        // A newsletter's issue number is in one subject (the seed numbers every fifth message).
        words: {
          rare: String(Math.floor((count * 0.37) / 5)),
          common: 'budget',
          from: 'aino',
          afterDays: 60,
        },
      },
      {
        kind: 'mailbox',
        name: `alice, all mail (${process.env.SEARCH_ENGINE ?? 'auto'} engine)`,
        user: alice,
        wireFolder: 'Virtual/All',
        scope: '',
        words: { rare: 'Helsinki', common: 'release', from: 'digest', afterDays: 365 },
      },
    ];
    // `BENCH_SEARCH_TARGETS=mailbox` with `SEARCH_ENGINE=folders` measures the other engine on the whole mailbox.
    const only = (process.env.BENCH_SEARCH_TARGETS ?? 'folder,mailbox').split(',');
    const out: ComparedRow[] = [];
    for (const target of targets.filter((t) => only.includes(t.kind))) {
      for (const c of cases(target.words)) {
        for (const row of await rows(env, target, c)) {
          out.push(row);
          console.log(`  ${row.name}: product ${median(row.product)} ms, wire ${median(row.wire)} ms`);
        }
      }
    }
    console.log(
      `\nSearch benchmark: GET /search vs IMAP wire floor (bare socket, no parsing), same Dovecot with fts-xapian, ` +
        `${os.cpus().length} CPUs, Node ${process.version}. Times in ms; ratio = product median / wire median.\n`,
    );
    printComparison(out);
  } finally {
    await env.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
