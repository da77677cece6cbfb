import path from 'node:path';
import type { Mailstack, StartMailstackOptions } from './mailstack.types.js';
import { runScript, type ScriptTarget } from './run-script.js';
import {
  MAILSTACK_HOST,
  MASTER_USER,
  SINK_ACCOUNT,
  portsFor,
  resolvePortBase,
  resolveStateDir,
} from './stack-config.js';

/**
 * Starts (or attaches to, if already running) the sandbox stack for a state dir and resolves
 * once every service has greeted. Start one stack per test run and give each test its own
 * users: Dovecot's shutdown takes about a second, start about half a second.
 */
export async function startMailstack(opts: StartMailstackOptions = {}): Promise<Mailstack> {
  const target: ScriptTarget = { dir: resolveStateDir(opts.dir), portBase: resolvePortBase(opts.portBase) };
  await runScript('start.sh', [], target);
  return attachMailstack(target);
}

/** The script target (state dir + port base) behind a stack handle. */
export function scriptTargetOf(stack: Mailstack): ScriptTarget {
  return { dir: stack.dir, portBase: stack.ports.imap - 143 };
}

/** A handle for a stack that start.sh already runs (no process is started). */
export function attachMailstack(target: ScriptTarget): Mailstack {
  const { dir } = target;
  const ports = portsFor(target.portBase);
  return {
    host: MAILSTACK_HOST,
    dir,
    ports,
    master: { user: MASTER_USER, passwordFile: path.join(dir, 'master-password') },
    doveadm: {
      url: `http://${MAILSTACK_HOST}:${ports.doveadmHttp}`,
      apiKeyFile: path.join(dir, 'doveadm-api-key'),
    },
    dovecotLog: path.join(dir, 'log', 'dovecot.log'),
    postfixLog: path.join(dir, 'log', 'postfix.log'),
    senderDb: path.join(dir, 'senders.sqlite'),
    sink: { ...SINK_ACCOUNT },
    async addUser(email, password, userOpts = {}) {
      const args = [email, password];
      if (userOpts.quotaMb !== undefined) {
        if (!Number.isInteger(userOpts.quotaMb) || userOpts.quotaMb < 0) {
          throw new Error(`mailstack: quotaMb must be a non-negative integer, got ${userOpts.quotaMb}`);
        }
        args.push(String(userOpts.quotaMb));
      }
      await runScript('add-user.sh', args, target);
    },
    async stop() {
      await runScript('stop.sh', [], target);
    },
  };
}
