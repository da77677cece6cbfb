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
 * database between processes, SMTP_PORT to put a relay in between, TEST_CLOCK).
 */
export async function spawnServer(env: Record<string, string> = {}): Promise<SpawnedServer> {
  const stack = inject('mailstack');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'inherit'],
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
  return { child, baseUrl, exited, output: () => logged.join('') };
}
