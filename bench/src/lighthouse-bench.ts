/**
 * The Lighthouse benchmark: the performance score and its metrics for a phone (Lighthouse's mobile preset:
 * simulated slow 4G, 4× CPU slowdown) and a desktop, on three first loads:
 * - the sign-in page (`/login/password`), signed out;
 * - `/` of a signed-out visitor (it ends on the sign-in page);
 * - the mailbox (`/u/0/`, ending on the Inbox of 5,000 realistic messages), signed in through the real sign-in form
 *   first.
 * Not a test: it prints a table (score, FCP, LCP, TBT, JavaScript files and bytes on the wire and uncompressed).
 *
 *   npm run build && npm run bench:lighthouse -w @webmail/bench
 *
 * It serves the built web app (`packages/web/dist`), so build first. Debian's Chromium (`CHROMIUM_PATH`, default
 * /usr/bin/chromium) through chrome-launcher, loopback only. Starts its own mailstack (port base 27400) and server
 * (port 8302) unless BENCH_URL names a running one. `BENCH_LIGHTHOUSE_RUNS` (default 1) runs each row more often;
 * every run is printed. `BENCH_LIGHTHOUSE_PAGES` (`signin,root,mailbox`) and `BENCH_LIGHTHOUSE_PRESETS`
 * (`mobile,desktop`) pick rows; `BENCH_LIGHTHOUSE_REPORTS=<dir>` keeps each run's full report (JSON: the audits
 * behind the score, e.g. `bootup-time`, `unused-javascript`, `render-blocking-resources`). With it,
 * `BENCH_LIGHTHOUSE_TRACES=1` keeps each run's Chromium trace beside its report (`*.trace.json`, the trace Lighthouse
 * measured: tasks with their wall and CPU time, for attribution the report's tables do not give); `=cpu` also records
 * V8's CPU samples in it. Lighthouse clears
 * the service worker and the caches before each run (not the cookies), so each row is a first visit.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Flags, type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { prepareEnvironment, type BenchEnvironment } from './bench-environment.js';
import { seedMaildirFolder } from './seed/maildir-seed.js';

interface Row {
  page: string;
  preset: string;
  run: number;
  score: number;
  'FCP ms': number;
  'LCP ms': number;
  'TBT ms': number;
  'JS files': number;
  'JS wire KB': string;
  'JS decoded KB': string;
  load: string;
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

let lighthouseVersion = '';

/** The bench account's Inbox (realistic mail, 3 % of the newest unread). */
const inbox = { folder: 'INBOX', count: 5_000, seed: 34 };

/**
 * `BENCH_LIGHTHOUSE_TRACES=cpu` adds V8's CPU samples to the kept traces (`ProfileChunk` events: which functions ran
 * in each task); the extra category costs a little main-thread time, so compare such runs only with each other.
 */
const cpuSamples = process.env.BENCH_LIGHTHOUSE_TRACES === 'cpu';
const sampled = (config: Config): Config => ({
  ...config,
  settings: { ...config.settings, additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' },
});
const presets: Record<string, Config | undefined> = cpuSamples
  ? { mobile: sampled({ extends: 'lighthouse:default' }), desktop: sampled(desktopConfig) }
  : { mobile: undefined, desktop: desktopConfig };

function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
}

function rowOf(page: string, preset: string, run: number, result: RunnerResult): Row {
  const { lhr } = result;
  const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
  const scripts = items.filter((i) => i.resourceType === 'Script');
  const kb = (n: number) => (n / 1024).toFixed(1);
  return {
    page,
    preset,
    run,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    'FCP ms': metric('first-contentful-paint'),
    'LCP ms': metric('largest-contentful-paint'),
    'TBT ms': metric('total-blocking-time'),
    'JS files': scripts.length,
    'JS wire KB': kb(scripts.reduce((s, i) => s + (i.transferSize ?? 0), 0)),
    'JS decoded KB': kb(scripts.reduce((s, i) => s + (i.resourceSize ?? 0), 0)),
    load: loadAverage(),
  };
}

const chosen = (name: string, fallback: string) => (process.env[name] ?? fallback).split(',');

function keepReport(page: string, preset: string, run: number, result: RunnerResult): void {
  const dir = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const file = `${page.replace(/[^a-z0-9]+/gi, '-')}-${preset}-${run}.json`;
  writeFileSync(path.join(dir, file), JSON.stringify(result.lhr));
  if (process.env.BENCH_LIGHTHOUSE_TRACES) {
    const artifacts = result.artifacts as unknown as { Trace?: unknown };
    writeFileSync(path.join(dir, file.replace(/\.json$/, '.trace.json')), JSON.stringify(artifacts.Trace));
  }
}

/** Tries a run again when Lighthouse itself failed (now and then it records no navigation start: NO_NAVSTART). */
const attemptsPerRun = 3;

async function lighthouseRun(port: number, url: string, config: Config | undefined): Promise<RunnerResult> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const failure = result.lhr.runtimeError;
    if (!failure) return result;
    if (attempt === attemptsPerRun) throw new Error(`${url}: ${failure.message}`);
    console.warn(`${url}: ${failure.code}, run again`);
  }
}

async function measure(port: number, rows: Row[], page: string, url: string): Promise<void> {
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
  const wanted = chosen('BENCH_LIGHTHOUSE_PRESETS', 'mobile,desktop');
  for (const [preset, config] of Object.entries(presets).filter(([p]) => wanted.includes(p))) {
    for (let run = 1; run <= runs; run += 1) {
      const result = await lighthouseRun(port, url, config);
      lighthouseVersion = result.lhr.lighthouseVersion;
      keepReport(page, preset, run, result);
      const row = rowOf(page, preset, run, result);
      console.log(JSON.stringify(row));
      rows.push(row);
    }
  }
}

/** Signs in through the real form in the launched Chromium, so its cookies are those of a real sign-in. */
async function signIn(port: number, env: BenchEnvironment): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${env.baseUrl}/login/password?email=${encodeURIComponent(env.user.email)}`);
    await page.locator('input[type=password]').fill(env.user.password);
    await page.locator('input[type=password]').press('Enter');
    await page.waitForURL(/\/u\/0\/[^/]+/);
    // The account's first seconds out of the runs: Dovecot's indexer gives the freshly seeded messages their
    // attachment keywords, and the live-mail event of that change (a folder update) reaches the open pages once.
    await page.getByRole('listitem').first().waitFor();
    await page.waitForTimeout(3_000);
    await page.close();
  } finally {
    // Leaves Chromium running: closing a CDP connection does not end the browser it connected to.
    await browser.close();
  }
}

async function main() {
  const env = await prepareEnvironment({
    user: { email: 'lighthouse@example.test', password: 'lighthouse-bench-pw' },
    portBase: 27400,
    serverPort: 8302,
  });
  // The mailbox as users have it: an Inbox of a few thousand messages, its first page of rows on the screen.
  const seconds = await seedMaildirFolder(env.stack, { email: env.user.email, ...inbox });
  if (seconds) console.log(`seeded ${inbox.count} messages into the Inbox in ${seconds.toFixed(1)} s`);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const rows: Row[] = [];
  try {
    const pages = chosen('BENCH_LIGHTHOUSE_PAGES', 'signin,root,mailbox');
    const signInUrl = `${env.baseUrl}/login/password?email=${encodeURIComponent(env.user.email)}`;
    if (pages.includes('signin')) await measure(chrome.port, rows, 'sign-in page', signInUrl);
    if (pages.includes('root')) await measure(chrome.port, rows, '/ signed out', `${env.baseUrl}/`);
    if (pages.includes('mailbox')) {
      await signIn(chrome.port, env);
      await measure(chrome.port, rows, 'mailbox', `${env.baseUrl}/u/0/`);
    }
    console.log(
      `\nLighthouse ${lighthouseVersion}, performance only; ${os.cpus().length} CPUs, Node ${process.version}; ` +
        `load average (1, 5, 15 min) at the end of each run in the last column.\n`,
    );
    console.table(rows);
  } finally {
    chrome.kill();
    await env.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
