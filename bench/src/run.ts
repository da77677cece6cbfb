/**
 * Benchmarks the API against the raw IMAP floor (imapflow straight to the same Dovecot), on the demo data.
 * Start `npm run demo` first, then: npm run bench -w @webmail/bench
 * Env: BENCH_URL (http://127.0.0.1:8080), BENCH_IMAP_PORT (10143), BENCH_RUNS (20).
 */
import { ImapFlow } from 'imapflow';
import { ApiSession } from './api-session.js';
import { measure, printTable } from './stats.js';

interface Folder {
  id: string;
  path: string;
  children: Folder[];
}

const baseUrl = process.env.BENCH_URL ?? 'http://127.0.0.1:8080';
const imapPort = Number(process.env.BENCH_IMAP_PORT ?? 10143);
const runs = Number(process.env.BENCH_RUNS ?? 20);
const user = { email: 'alice@example.test', password: 'alice-demo' };
const bulkPath = 'Lists/Newsletters-archive';
const pageQuery = {
  uid: true,
  flags: true,
  envelope: true,
  bodyStructure: true,
  internalDate: true,
  size: true,
};

const flatten = (folders: Folder[]): Folder[] => folders.flatMap((f) => [f, ...flatten(f.children)]);

async function main() {
  const imap = new ImapFlow({
    host: '127.0.0.1',
    port: imapPort,
    secure: false,
    auth: { user: user.email, pass: user.password },
    logger: false,
  });
  await imap.connect();
  const api = new ApiSession(baseUrl);
  await api.signIn(user.email, user.password);
  const tree = await api.json<{ mailboxes: Folder[] }>('/api/u/0/mailbox');
  const bulk = flatten(tree.mailboxes).find((f) => f.path === bulkPath);
  if (!bulk) throw new Error(`${bulkPath} not found: seed the demo first (npm run demo)`);
  const rows: Array<{ name: string; times: number[] }> = [];

  rows.push({
    name: 'IMAP LOGIN on a new connection (raw)',
    times: await measure(async () => {
      const c = new ImapFlow({
        host: '127.0.0.1',
        port: imapPort,
        secure: false,
        auth: { user: user.email, pass: user.password },
        logger: false,
      });
      await c.connect();
      await c.logout();
    }, runs),
  });
  rows.push({
    name: 'folder tree: LIST + STATUS (raw IMAP)',
    times: await measure(() => imap.list({ statusQuery: { messages: true, unseen: true } }), runs),
  });
  rows.push({
    name: 'folder tree: GET /mailbox (API)',
    times: await measure(() => api.json('/api/u/0/mailbox'), runs),
  });

  rows.push({
    name: '5,000 folder first 50: SELECT+SEARCH+FETCH (raw)',
    times: await measure(async () => {
      await imap.mailboxOpen('INBOX');
      await imap.mailboxOpen(bulkPath);
      const uids = (await imap.search({ all: true }, { uid: true })) || [];
      await imap.fetchAll(uids.slice(-50).join(','), pageQuery, { uid: true });
    }, runs),
  });
  // Cold: a new session has no cached UID list, so the server SELECTs, SORTs and FETCHes. Only the page
  // request is timed, not the sign-in before it.
  const cold: number[] = [];
  for (let i = 0; i < Math.min(runs, 10); i += 1) {
    const fresh = new ApiSession(baseUrl);
    await fresh.signIn(user.email, user.password);
    const start = performance.now();
    await fresh.json(`/api/u/0/mailbox/${bulk.id}/messages?limit=50`);
    cold.push(performance.now() - start);
  }
  rows.push({ name: '5,000 folder first 50: new session, cold (API)', times: cold });
  await imap.mailboxOpen(bulkPath);
  rows.push({
    name: '5,000 folder 50 rows, folder open (raw FETCH)',
    times: await measure(() => imap.fetchAll('1:50', pageQuery), runs),
  });
  rows.push({
    name: '5,000 folder first 50: warm (API)',
    times: await measure(() => api.json(`/api/u/0/mailbox/${bulk.id}/messages?limit=50`), runs),
  });
  rows.push({
    name: '5,000 folder rows 4,000–4,049: warm (API)',
    times: await measure(() => api.json(`/api/u/0/mailbox/${bulk.id}/messages?offset=4000&limit=50`), runs),
  });
  await imap.logout();
  console.log(`\nWebmail API vs raw IMAP (imapflow) on the demo mailbox, ${runs} runs each\n`);
  printTable(rows);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
