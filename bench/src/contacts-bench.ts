/**
 * The contacts benchmark: 10,000 contacts (and 200 groups) in one account, then the recipient autocomplete
 * (`GET /contacts/suggestions`) for typical queries, and pages of the settings list (search, deep offset).
 * Not a test: it prints a table (p95 of the autocomplete call is the number to watch, target ≤ 50 ms).
 *
 *   npm run bench:contacts -w @webmail/bench
 *
 * Starts its own mailstack (port base 26400) and server (port 8287) unless BENCH_URL names a running one.
 * Env: BENCH_RUNS (200), BENCH_CONTACTS (10000), BENCH_STATE_DIR, BENCH_MAILSTACK_PORT_BASE, BENCH_SERVER_PORT.
 */
import os from 'node:os';
import { ApiSession } from './api-session.js';
import { prepareEnvironment } from './bench-environment.js';
import { measure, printTable } from './stats.js';

const runs = Number(process.env.BENCH_RUNS ?? 200);
const wanted = Number(process.env.BENCH_CONTACTS ?? 10_000);
const base = '/api/u/0/contacts';

const first = [
  'Matti',
  'Anna',
  'Juha',
  'Liisa',
  'Pekka',
  'Sanna',
  'Jukka',
  'Maria',
  'Ivan',
  'Ольга',
  'Дмитрий',
  'Äijä',
];
const last = [
  'Virtanen',
  'Korhonen',
  'Mäkinen',
  'Nieminen',
  'Petrov',
  'Иванова',
  'Smirnov',
  'Laine',
  'Heikkinen',
  'Öberg',
];

/** vCards of `count` people with two addresses each, every 50th in a group (CATEGORIES). */
function cards(from: number, count: number): string {
  let text = '';
  for (let i = from; i < from + count; i++) {
    const name = `${first[i % first.length]} ${last[Math.floor(i / first.length) % last.length]} ${i}`;
    text +=
      `BEGIN:VCARD\r\nVERSION:4.0\r\nUID:urn:uuid:00000000-0000-4000-8000-${String(i).padStart(12, '0')}\r\n` +
      `FN:${name}\r\nEMAIL;TYPE=work:person${i}@company${i % 97}.example\r\nEMAIL;TYPE=home:p${i}@home.example\r\n` +
      `ORG:Company ${i % 97}\r\n${i % 50 === 0 ? `CATEGORIES:Team ${i / 50}\r\n` : ''}END:VCARD\r\n`;
  }
  return text;
}

async function seed(api: ApiSession): Promise<number> {
  const { total } = await api.json<{ total: number }>(`${base}?limit=1`);
  const started = performance.now();
  for (let done = total; done < wanted; done += 2000) {
    const form = new FormData();
    form.append('type', 'vcard');
    form.append('contactImport', new Blob([cards(done, Math.min(2000, wanted - done))]), 'bench.vcf');
    await api.postForm(`${base}/import`, form);
  }
  return total < wanted ? (performance.now() - started) / 1000 : 0;
}

async function main() {
  const env = await prepareEnvironment({
    user: { email: 'contacts-bench@example.test', password: 'contacts-bench-pw' },
    portBase: 26400,
    serverPort: 8287,
  });
  try {
    const api = new ApiSession(env.baseUrl);
    await api.signIn(env.user.email, env.user.password);
    const seconds = await seed(api);
    if (seconds) console.log(`imported ${wanted} contacts in ${seconds.toFixed(1)} s`);
    const suggest = (query: string) => () =>
      api.json(`${base}/suggestions?query=${encodeURIComponent(query)}&limit=10`);
    const list = (query: string) => () => api.json(`${base}?${query}`);
    const rows = [
      { name: 'autocomplete "ma" (name prefix, many hits)', times: await measure(suggest('ma'), runs) },
      { name: 'autocomplete "virtanen 12" (two words)', times: await measure(suggest('virtanen 12'), runs) },
      { name: 'autocomplete "company42" (any address)', times: await measure(suggest('company42'), runs) },
      { name: 'autocomplete "team 7" (group + members)', times: await measure(suggest('team 7'), runs) },
      { name: 'autocomplete "Ольга" (Cyrillic)', times: await measure(suggest('Ольга'), runs) },
      { name: 'autocomplete "zzzz" (no hit)', times: await measure(suggest('zzzz'), runs) },
      { name: 'settings list: first 100', times: await measure(list('limit=100'), Math.min(runs, 50)) },
      {
        name: 'settings list: offset 9000',
        times: await measure(list('offset=9000&limit=100'), Math.min(runs, 50)),
      },
      {
        name: 'settings list: search "home.example"',
        times: await measure(list('query=home.example&limit=100'), Math.min(runs, 50)),
      },
    ];
    const all = rows.filter((r) => r.name.startsWith('autocomplete')).flatMap((r) => r.times);
    rows.push({ name: 'autocomplete, all queries', times: all });
    console.log(
      `\nContacts benchmark: ${wanted} contacts, webmail API over HTTP on loopback, ${os.cpus().length} CPUs, ` +
        `load ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}.\n`,
    );
    printTable(rows);
  } finally {
    await env.stop();
  }
}

await main();
