/**
 * The reference deployment (`deploy/reference/cluster.sh`: PostgreSQL, the mail stack with push, three webmail
 * nodes, HAProxy) as a bench environment: started in a temporary directory on the bench's ports, stopped by
 * `stop()` (also when the run fails). The nodes run the built server (`npm run build` first).
 *
 * Ports: CLUSTER_PORT (the balancer; nodes on +1…+3, HAProxy's admin on +9), CLUSTER_PG_PORT, MAILSTACK_PORT_BASE,
 * with the defaults below (apart from the demo's and the other benches'). Any server variable set in the bench's
 * environment reaches every node (cluster.sh passes its environment on).
 */
import { execFile, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './bench-environment.js';
import type { StackTarget } from './seed/maildir-seed.js';

const run = promisify(execFile);

export interface ClusterEnvironment {
  baseUrl: string;
  stack: StackTarget;
  nodes: number;
  /** The nodes' process ids now (they change with every restart). */
  nodePids: () => number[];
  /** `cluster.sh restart-all`: every node drained, stopped (SIGTERM) and started again, one after another. */
  restartAll: () => Promise<void>;
  /** One SQL query against the deployment's PostgreSQL, rows as tab-separated lines. */
  sql: (query: string) => Promise<string[]>;
  stop: () => Promise<void>;
}

function cluster(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn('bash', [path.join(repoRoot, 'deploy/reference/cluster.sh'), ...args], {
    cwd: repoRoot,
    env,
    // The nodes and daemons it starts write to their own logs; only its own lines reach the bench's output.
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`cluster.sh ${args.join(' ')} exited with ${code}`)),
    );
  });
}

export async function startCluster(): Promise<ClusterEnvironment> {
  const dir = mkdtempSync('/tmp/wmcluster.');
  // PostgreSQL runs as its own user and must reach its data directory inside.
  chmodSync(dir, 0o755);
  const port = Number(process.env.CLUSTER_PORT ?? 8380);
  const pgPort = Number(process.env.CLUSTER_PG_PORT ?? 25490);
  const portBase = Number(process.env.MAILSTACK_PORT_BASE ?? 27000);
  const nodes = Number(process.env.CLUSTER_NODES ?? 3);
  const env = {
    ...process.env,
    CLUSTER_DIR: dir,
    CLUSTER_PORT: String(port),
    CLUSTER_PG_PORT: String(pgPort),
    CLUSTER_NODES: String(nodes),
    MAILSTACK_PORT_BASE: String(portBase),
    MAILSTACK_DIR: path.join(dir, 'mailstack'),
  };
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await cluster(['stop'], env).catch((err: unknown) => console.error(String(err)));
    if (process.env.BENCH_KEEP_CLUSTER_DIR !== '1') rmSync(dir, { recursive: true, force: true });
  };
  // Ctrl-C or a kill of the bench still stops what it started.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void stop().finally(() => process.exit(130)));
  }
  try {
    await cluster(['start'], env);
  } catch (err) {
    console.error(`cluster start failed; node logs in ${dir} (kept)`);
    stopped = true;
    await cluster(['stop'], env).catch(() => undefined);
    throw err;
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stack: { dir: env.MAILSTACK_DIR, portBase },
    nodes,
    nodePids: () =>
      Array.from({ length: nodes }, (_, i) => {
        try {
          return Number(readFileSync(path.join(dir, `node${i + 1}.pid`), 'utf8').trim());
        } catch {
          return 0;
        }
      }).filter((pid) => pid > 0),
    restartAll: () => cluster(['restart-all'], env),
    sql: async (query) => {
      const args = ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'postgres', '-d', 'webmail', '-tAF', '\t'];
      const { stdout } = await run('psql', [...args, '-c', query], { maxBuffer: 64 * 1024 * 1024 });
      return stdout.split('\n').filter(Boolean);
    },
    stop,
  };
}
