import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { mailDoors } from './harness.testing.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A loopback port free now (taken and given back): nothing listens on it until someone does. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface SpawnedServer {
  child: ChildProcess;
  baseUrl: string;
  /** The exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Everything the process logged so far (its log lines go to stdout, at LOG_LEVEL). */
  output: () => string;
}

/**
 * The server as production runs it: its own process (src/main.ts through tsx), against the test mail stack,
 * so a test can signal it (SIGTERM, SIGKILL). `env` adds to or replaces the defaults (DATA_DIR to share a
 * database between processes, SMTP_PORT to put a relay in between, TEST_CLOCK). A port taken between `freePort`
 * and the child's listen (an outgoing connection of any process may get it) costs a new port, not the test.
 */
export async function spawnServer(env: Record<string, string> = {}): Promise<SpawnedServer> {
  for (let attempt = 1; ; attempt += 1) {
    const started = await startOnce(env);
    if ('server' in started) return started.server;
    if (!started.portTaken || attempt === 3) throw new Error(started.error);
  }
}

/** How long a spawned server may take to answer ready (tsx compiles its sources first; CI is loaded). */
const readyWithinMs = 120_000;

async function startOnce(
  env: Record<string, string>,
): Promise<{ server: SpawnedServer } | { error: string; portTaken: boolean }> {
  const stack = inject('mailstack');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'wm-spawned-')),
      ...mailDoors(stack),
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      ...env,
    },
  });
  const logged: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => logged.push(chunk.toString('utf8')));
  // Its errors stay in the test's output, and in `output()` for a failure's message.
  child.stderr?.on('data', (chunk: Buffer) => {
    logged.push(chunk.toString('utf8'));
    process.stderr.write(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const output = () => logged.join('');
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    const ready = await fetch(`${baseUrl}/api/health/ready`).then(
      (r) => r.status,
      () => 0,
    );
    // A 200 from a process that is not this one (it ended: the port was another's) does not count.
    if (ready === 200 && !ended()) return { server: { child, baseUrl, exited, output } };
    if (ended() || Date.now() > deadline) {
      if (!ended()) child.kill('SIGKILL');
      const portTaken = /EADDRINUSE/.test(output());
      const why = ended()
        ? `exited (${child.exitCode ?? child.signalCode})`
        : `not ready in ${readyWithinMs} ms`;
      return { error: `the spawned server on port ${port} ${why}: ${output().slice(-2000)}`, portTaken };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
