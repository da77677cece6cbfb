/**
 * The live-events benchmark: how fast new mail reaches an open browser, beside the floor measured in the same
 * run, and what 200 open event streams cost. Not a test: it prints tables.
 *
 *   npm run bench:live -w @webmail/bench
 *
 * - floor: LMTP's final 250 → Dovecot's untagged `* STATUS INBOX` on a bare socket with NOTIFY;
 * - stream: LMTP 250 → the EXISTS event read from `GET /api/u/0` (the server's part);
 * - browser: LMTP 250 → the row in the DOM of a signed-in headless Chromium showing the Inbox;
 * - 200 open streams (10 users × 20): server RSS per stream, IMAP connections per user, and the p95 of a
 *   warm list call meanwhile.
 *
 * Starts its own mailstack (port base 26200) and server (port 8285); see bench/README.md for the variables.
 */
import net from 'node:net';
import { attachMailstack, deliverViaLmtp } from '@webmail/mailstack';
import { chromium } from 'playwright-core';
import { ApiSession } from './api-session.js';
import { openStream } from './event-stream.js';
import { rssKb } from './proc-stats.js';
import { addUser, prepareEnvironment, type BenchEnvironment } from './bench-environment.js';
import { printTable, quantile } from './stats.js';

const runs = Number(process.env.BENCH_RUNS ?? 20);

function message(to: string, subject: string): string {
  return `From: bench@example.org\r\nTo: ${to}\r\nSubject: ${subject}\r\nDate: ${new Date().toUTCString()}\r\nMessage-ID: <${subject}@bench>\r\n\r\nHello.\r\n`;
}

async function deliver(env: BenchEnvironment, to: string, subject: string): Promise<number> {
  const stack = attachMailstack({ dir: env.stack.dir, portBase: env.stack.portBase });
  const result = await deliverViaLmtp(stack, message(to, subject), { from: 'bench@example.org', to: [to] });
  if (result.accepted.length !== 1) throw new Error(`LMTP refused: ${result.response}`);
  // The final 250 has arrived when deliverViaLmtp resolves.
  return performance.now();
}

/** A bare IMAP socket with NOTIFY: resolves the time of the first `* STATUS INBOX` after `arm()`. */
async function notifySocket(port: number, user: { email: string; password: string }) {
  const socket = net.connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  let buffer = '';
  let waiter: ((at: number) => void) | null = null;
  socket.on('data', (chunk: Buffer) => {
    const at = performance.now();
    buffer += chunk.toString('latin1');
    if (waiter && /\* STATUS "?INBOX"? /.test(buffer)) {
      const w = waiter;
      waiter = null;
      w(at);
    }
  });
  const command = (line: string, tag: string) =>
    new Promise<void>((resolve) => {
      buffer = '';
      socket.write(`${tag} ${line}\r\n`);
      const check = setInterval(() => {
        if (buffer.includes(`\r\n${tag} OK`) || buffer.startsWith(`${tag} OK`)) {
          clearInterval(check);
          resolve();
        }
      }, 2);
    });
  await new Promise((resolve) => socket.once('data', resolve));
  await command(`LOGIN "${user.email}" "${user.password}"`, 'a');
  await command('NOTIFY SET STATUS (personal (MessageNew MessageExpunge FlagChange))', 'b');
  return {
    next: () =>
      new Promise<number>((resolve) => {
        buffer = '';
        waiter = resolve;
      }),
    close: () => socket.end('z LOGOUT\r\n'),
  };
}

async function browserDelivery(env: BenchEnvironment): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${env.baseUrl}/login/password?email=${encodeURIComponent(env.user.email)}`);
    await page.locator('input[type=password]').fill(env.user.password);
    await page.locator('input[type=password]').press('Enter');
    await page.waitForURL(/\/u\/0\//);
    await page
      .waitForSelector('[role="row"], [data-message-row]', { timeout: 20_000 })
      .catch(() => undefined);
    // Give the stream a moment to open and its watcher to start.
    await page.waitForTimeout(1500);
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const subject = `browser-${Date.now()}-${i}`;
      // The page records when the subject first appears in the DOM, in its own clock; the offset to ours is
      // taken right before the delivery.
      await page.evaluate((s) => {
        const w = window as unknown as { __seen?: number };
        w.__seen = undefined;
        const observer = new MutationObserver(() => {
          if (document.body.innerText.includes(s)) {
            w.__seen = performance.timeOrigin + performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      }, subject);
      await deliver(env, env.user.email, subject);
      const delivered = Date.now();
      const seen = await page
        .waitForFunction(() => (window as unknown as { __seen?: number }).__seen, undefined, {
          timeout: 10_000,
        })
        .then((h) => h.jsonValue() as Promise<number>)
        .catch(() => null);
      if (seen === null) {
        console.log(`  ${subject}: not visible within 10 s`);
        continue;
      }
      times.push(seen - delivered);
    }
    return times;
  } finally {
    await browser.close();
  }
}

async function manyStreams(env: BenchEnvironment) {
  const users = await Promise.all(
    Array.from({ length: 10 }, async (_, i) => {
      const user = { email: `live-many-${i}@example.test`, password: `live-many-${i}` };
      await addUser(env.stack, user);
      const api = new ApiSession(env.baseUrl);
      await api.signIn(user.email, user.password);
      return { user, api };
    }),
  );
  const inbox = await users[0]!.api.json<{ mailboxes: Array<{ id: string; path: string }> }>(
    '/api/u/0/mailbox',
  );
  const inboxId = inbox.mailboxes.find((f) => f.path === 'INBOX')!.id;
  const listPath = `/api/u/0/mailbox/${inboxId}/messages?offset=0&limit=50`;
  await users[0]!.api.json(listPath);
  const before = env.serverPid ? rssKb(env.serverPid) : 0;
  const streams = [];
  for (const { api } of users)
    for (let i = 0; i < 20; i += 1) streams.push(await openStream(env.baseUrl, api.cookieHeader()));
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const after = env.serverPid ? rssKb(env.serverPid) : 0;
  const listTimes: number[] = [];
  for (let i = 0; i < 100; i += 1) {
    const start = performance.now();
    await users[0]!.api.json(listPath);
    listTimes.push(performance.now() - start);
  }
  const connections = await env.imapConnections(users[0]!.user.email);
  for (const s of streams) s.close();
  return {
    streams: streams.length,
    rssPerStreamKb: (after - before) / streams.length,
    imapPerUser: connections,
    listP95: quantile(listTimes, 0.95),
    listMedian: quantile(listTimes, 0.5),
  };
}

async function main() {
  const env = await prepareEnvironment({
    user: { email: 'live-bench@example.test', password: 'live-bench-pw' },
    portBase: 26200,
    serverPort: 8285,
  });
  try {
    const floorSocket = await notifySocket(env.imapPort, env.user);
    const floor: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const seen = floorSocket.next();
      const delivered = await deliver(env, env.user.email, `floor-${i}`);
      floor.push((await seen) - delivered);
    }
    floorSocket.close();

    const api = new ApiSession(env.baseUrl);
    await api.signIn(env.user.email, env.user.password);
    await api.json('/api/u/0/mailbox');
    const stream = await openStream(env.baseUrl, api.cookieHeader());
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const server: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const subject = `stream-${Date.now()}-${i}`;
      const seen = stream.waitFor(subject);
      const delivered = await deliver(env, env.user.email, subject);
      server.push((await seen) - delivered);
    }
    stream.close();

    const browser = await browserDelivery(env);
    console.log(`\nNew mail, delivery (LMTP 250) → seen; ${runs} deliveries each, same Dovecot, same run:`);
    printTable([
      { name: 'floor: bare IMAP socket with NOTIFY (* STATUS)', times: floor },
      { name: 'server: EXISTS event on GET /api/u/0', times: server },
      { name: 'browser: row visible in the Inbox (Chromium)', times: browser },
    ]);
    const many = await manyStreams(env);
    console.log('\nOpen event streams:');
    console.log(
      `| streams | RSS per stream | IMAP connections per user | warm list median | warm list p95 |`,
    );
    console.log(`|--:|--:|--:|--:|--:|`);
    console.log(
      `| ${many.streams} | ${many.rssPerStreamKb.toFixed(1)} KB | ${many.imapPerUser} | ${many.listMedian.toFixed(1)} ms | ${many.listP95.toFixed(1)} ms |`,
    );
  } finally {
    await env.stop();
  }
}

await main();
