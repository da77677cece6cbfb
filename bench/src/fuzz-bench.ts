import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The long fuzz run: every fast-check property of the server (the `*.fuzz.test.ts` beside the code and the
 * `*.property.test.ts` integration ones, which run Pigeonhole's sieve-test) and of the web (`*-fuzz.test.ts`), with `FUZZ_RUNS`
 * (default 20) times the runs CI makes, under `FUZZ_SEED` (default: the CI seed; a new seed tries new inputs).
 * Prints each property's count and the total; exits non-zero on any finding (fast-check prints the
 * counterexample and the seed and path that replay it).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const report = path.join(tmpdir(), `webmail-fuzz-${process.pid}.tsv`);
const env = { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '20', FUZZ_REPORT: report };

const suites: Array<{ name: string; dir: string; filters: string[] }> = [
  { name: 'server', dir: 'packages/server', filters: ['.fuzz.test.', '.property.test.'] },
  { name: 'web', dir: 'packages/web', filters: ['fuzz.test.'] },
];

const started = Date.now();
let failed = false;
for (const suite of suites) {
  const result = spawnSync('npx', ['vitest', 'run', '--testTimeout=3600000', ...suite.filters], {
    cwd: path.join(repoRoot, suite.dir),
    env,
    stdio: 'inherit',
  });
  if (result.status !== 0) failed = true;
}

const rows = existsSync(report)
  ? readFileSync(report, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('\t') as [string, string])
  : [];
rmSync(report, { force: true });
const width = Math.max(10, ...rows.map(([name]) => name.length));
const total = rows.reduce((sum, [, runs]) => sum + Number(runs), 0);
const lines = [
  '',
  `Fuzz run: seed ${process.env.FUZZ_SEED ?? 'default (CI)'}, ${env.FUZZ_RUNS}× the CI runs, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  ...rows.map(([name, runs]) => `  ${name.padEnd(width)}  ${runs.padStart(7)} runs`),
  `  ${'total'.padEnd(width)}  ${String(total).padStart(7)} runs, ${failed ? 'FINDINGS (see above)' : '0 findings'}`,
];
process.stdout.write(`${lines.join('\n')}\n`);
process.exit(failed ? 1 : 0);
