/**
 * The page-weight benchmark: what Chromium downloads to show the sign-in page (opened at its own address, and as
 * `/` of a signed-out visitor, which ends there), and the mailbox once signed in —
 * JavaScript files, their bytes on the wire (as the server sends them: brotli or gzip when precompressed) and
 * decoded, and the longest chain of requests that led to a script (the document is 0; a script the page's HTML
 * names is 1; one that script imports is 2). Not a test: it prints a table.
 *
 *   npm run build && npm run bench:page-weight -w @webmail/bench
 *
 * It serves the built web app (`packages/web/dist`), so build first. Starts its own mailstack (port base 26400)
 * and server (port 8290) unless BENCH_URL names a running one. No service worker and no HTTP cache: every page is
 * a first visit.
 */
import os from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { prepareEnvironment } from './bench-environment.js';

interface Loaded {
  url: string;
  type: string;
  wire: number;
  decoded: number;
  depth: number;
}

/** Records every response of `page` with its size and its depth in the chain of requests that led to it. */
async function recorder(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // The main thread's JavaScript time at a phone's CPU (4× slower by default, as Lighthouse's mobile preset).
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  let scriptSeconds = 0;
  const depthOf = new Map<string, number>();
  const byId = new Map<string, { url: string; type: string; depth: number; decoded: number }>();
  const loaded: Loaded[] = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    const frames = e.initiator.stack?.callFrames ?? e.initiator.stack?.parent?.callFrames ?? [];
    const initiator = e.initiator.url ?? frames[0]?.url;
    const depth = e.type === 'Document' ? 0 : (initiator ? (depthOf.get(initiator) ?? 0) : 0) + 1;
    depthOf.set(e.request.url, depth);
    byId.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', depth, decoded: 0 });
  });
  cdp.on('Network.dataReceived', (e) => {
    const request = byId.get(e.requestId);
    if (request) request.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const request = byId.get(e.requestId);
    if (request) loaded.push({ ...request, wire: e.encodedDataLength });
  });
  return {
    /** What loaded since the last call. */
    take(): Loaded[] {
      return loaded.splice(0);
    },
    /** The main thread's script time (ms) since the last call (Chromium's `ScriptDuration`). */
    async scriptMs(): Promise<number> {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const total = metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0;
      const since = total - scriptSeconds;
      scriptSeconds = total;
      return since * 1000;
    },
  };
}

const cpuSlowdown = Number(process.env.BENCH_PAGE_WEIGHT_CPU_SLOWDOWN ?? 4);

function summary(name: string, loaded: Loaded[], scriptMs: number) {
  const scripts = loaded.filter((l) => l.type === 'Script');
  const kb = (n: number) => (n / 1024).toFixed(1);
  return {
    page: name,
    'JS files': scripts.length,
    'JS on the wire (KB)': kb(scripts.reduce((s, l) => s + l.wire, 0)),
    'JS decoded (KB)': kb(scripts.reduce((s, l) => s + l.decoded, 0)),
    'longest chain': Math.max(0, ...scripts.map((l) => l.depth)),
    'all requests': loaded.length,
    'all on the wire (KB)': kb(loaded.reduce((s, l) => s + l.wire, 0)),
    [`script ms (${cpuSlowdown}× CPU)`]: scriptMs.toFixed(0),
  };
}

async function main() {
  const env = await prepareEnvironment({
    user: { email: 'page-weight@example.test', password: 'page-weight-pw' },
    portBase: 26400,
    serverPort: 8290,
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: 1440, height: 900 },
    });
    // `/` of a signed-out visitor: it must end on the sign-in page having loaded no more than that page does.
    const root = await context.newPage();
    const recordRoot = await recorder(root);
    await root.goto(`${env.baseUrl}/`);
    await root.waitForURL(/\/login\/password/);
    await root.locator('input[type=email], input[type=password]').first().waitFor();
    await root.waitForLoadState('networkidle');
    const rootLoad = recordRoot.take();
    const rootScript = await recordRoot.scriptMs();
    await root.close();
    const page = await context.newPage();
    const record = await recorder(page);
    await page.goto(`${env.baseUrl}/login/password?email=${encodeURIComponent(env.user.email)}`);
    await page.locator('input[type=password]').waitFor();
    await page.waitForLoadState('networkidle');
    const signIn = record.take();
    const signInScript = await record.scriptMs();
    await page.locator('input[type=password]').fill(env.user.password);
    await page.locator('input[type=password]').press('Enter');
    await page.waitForURL(/\/u\/0\//);
    await page.waitForLoadState('networkidle');
    const afterSignIn = record.take();
    const afterSignInScript = await record.scriptMs();
    // The mailbox as a first visit of a signed-in user: a new page, nothing cached.
    const mailbox = await context.newPage();
    const recordMailbox = await recorder(mailbox);
    await mailbox.goto(`${env.baseUrl}/u/0/`);
    await mailbox.waitForURL(/\/u\/0\/[^/]+/);
    await mailbox.waitForLoadState('networkidle');
    const mailboxLoad = recordMailbox.take();
    const mailboxScript = await recordMailbox.scriptMs();
    console.log(
      `\nPage weight: first visits, no cache, no service worker; Chromium ${browser.version()}, ` +
        `${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}.\n`,
    );
    console.table([
      summary('sign-in page (/login/password)', signIn, signInScript),
      summary('/ signed out (ends on the sign-in page)', rootLoad, rootScript),
      summary('after signing in (what the sign-in page adds)', afterSignIn, afterSignInScript),
      summary('mailbox route (/u/0/…), first visit', mailboxLoad, mailboxScript),
    ]);
    for (const [name, loaded] of [
      ['sign-in page', signIn],
      ['mailbox route', mailboxLoad],
    ] as const) {
      const biggest = loaded
        .filter((l) => l.type === 'Script')
        .sort((a, b) => b.wire - a.wire)
        .slice(0, Number(process.env.BENCH_PAGE_WEIGHT_SCRIPTS ?? 12))
        .map((l) => ({
          script: new URL(l.url).pathname,
          'wire KB': (l.wire / 1024).toFixed(1),
          depth: l.depth,
        }));
      console.log(`\nLargest scripts of the ${name}:`);
      console.table(biggest);
      const others = loaded
        .filter((l) => l.type !== 'Script')
        .sort((a, b) => b.wire - a.wire)
        .map((l) => ({
          request: new URL(l.url).pathname,
          type: l.type,
          'wire KB': (l.wire / 1024).toFixed(1),
        }));
      console.log(`\nEverything else the ${name} loads:`);
      console.table(others);
    }
  } finally {
    await browser.close();
    await env.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
