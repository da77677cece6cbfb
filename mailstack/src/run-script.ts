import { execFile } from 'node:child_process';
import path from 'node:path';
import { MAILSTACK_HOME } from './stack-config.js';

export interface ScriptTarget {
  dir: string;
  portBase: number;
}

/**
 * Runs one of the bin/*.sh scripts for a given state dir and port base. The scripts are the
 * single source of truth for starting, stopping and user management; Node only calls them.
 * stdin is closed and output captured: start.sh hands Dovecot /dev/null, so no daemon
 * inherits our pipes (which would otherwise keep this promise pending forever).
 */
export function runScript(script: string, args: string[], target: ScriptTarget): Promise<string> {
  const file = path.join(MAILSTACK_HOME, 'bin', script);
  const env = {
    ...process.env,
    MAILSTACK_DIR: target.dir,
    MAILSTACK_PORT_BASE: String(target.portBase),
  };
  return new Promise((resolve, reject) => {
    const child = execFile('bash', [file, ...args], { env, timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) {
        reject(new Error(`mailstack: ${script} failed (${error.message.split('\n')[0]}):\n${stderr}`));
        return;
      }
      resolve(`${stdout}${stderr}`);
    });
    child.stdin?.end();
  });
}
