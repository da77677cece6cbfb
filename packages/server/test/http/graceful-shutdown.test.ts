import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EventStreamReader } from '../support/event-stream.testing.js';
import { newMailUser } from '../support/harness.testing.js';
import { TestClient } from '../support/http-client.testing.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The server as production runs it: its own process (src/main.ts through tsx), against the test mail stack. */
async function spawnServer(): Promise<{
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<number | null>;
}> {
  const stack = inject('mailstack');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'wm-shutdown-')),
      IMAP_PORT: String(stack.ports.webmailImap),
      SMTP_PORT: String(stack.ports.webmailSubmission),
      SIEVE_PORT: String(stack.ports.webmailSieve),
      MAIL_ACCESS: 'delegated',
      MAIL_MASTER_USER: stack.master.user,
      MAIL_MASTER_PASSWORD_FILE: stack.master.passwordFile,
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      SHUTDOWN_TIMEOUT_SECONDS: '20',
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    const ready = await fetch(`${baseUrl}/api/health/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (ready === 200) break;
    if (i > 600 || child.exitCode !== null) throw new Error('the server did not become ready');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, baseUrl, exited };
}

/** A PATCH whose body is sent in two parts: the request is in flight between them. */
function slowPatch(client: TestClient, pathName: string, body: string) {
  const url = new URL(client.baseUrl + pathName);
  const request = http.request(url, {
    method: 'PATCH',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; '),
      'x-xsrf-token': client.xsrf ?? '',
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  // The first half is on the wire once flushed; the handler waits for the rest.
  return { answer, finish: () => request.end(body.slice(half)) };
}

describe('graceful shutdown of a real server process on SIGTERM', () => {
  let server: Awaited<ReturnType<typeof spawnServer>>;
  beforeAll(async () => {
    server = await spawnServer();
  }, 90_000);
  afterAll(() => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });

  it('tells open streams to reconnect, finishes the request in flight, refuses new ones, and exits 0', async () => {
    const user = await newMailUser('shutdown');
    const client = new TestClient(server.baseUrl);
    await client.signIn(user.email, user.password);
    const stream = await EventStreamReader.open(client, 0);
    await stream.next((e) => e.command === 'connected');
    const inFlight = slowPatch(client, '/api/u/0/details', JSON.stringify({ name: 'Renamed while closing' }));
    await new Promise((r) => setTimeout(r, 100));

    server.child.kill('SIGTERM');
    await stream.next((e) => e.command === 'reconnect');
    await stream.ended();
    // New connections are no longer served (refused, or 503 while the listener closes).
    const late = await fetch(`${server.baseUrl}/api/health/live`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);

    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ name: 'Renamed while closing' });
    expect(await server.exited).toBe(0);
  }, 60_000);
});
