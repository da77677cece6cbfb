import { execFile } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const built = path.join(serverDir, 'dist/admin.js');
/** Written by every build that changed anything (`tsc -b`), unlike outputs whose text stayed the same. */
const buildInfo = path.join(serverDir, 'tsconfig.tsbuildinfo');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(file) : statSync(file).mtimeMs);
  }
  return newest;
}

/**
 * How to start the operator's CLI: the build when it is newer than every source file (`npm test` builds first;
 * starting it costs a fraction of a second), else the sources through tsx (a development run after an edit; it
 * compiles the server on every start, seconds on a busy machine).
 */
function command(): string[] {
  let builtAt = 0;
  try {
    builtAt = statSync(built) && statSync(buildInfo).mtimeMs;
  } catch {
    // not built
  }
  return builtAt >= newestSource(path.join(serverDir, 'src')) ? [built] : ['--import', 'tsx', 'src/admin.ts'];
}

/** Runs the operator's CLI as a separate process, as an operator does, with `env` added; answers its stdout. */
export async function runAdminCli(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await run(process.execPath, [...command(), ...args], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
  });
  return stdout;
}
