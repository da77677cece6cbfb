/** The mail side of `bench:scale`: the sandbox's Dovecot processes, its reload, and deliveries that survive one. */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { attachMailstack, deliverViaLmtp } from '@webmail/mailstack';
import { repoRoot } from './bench-environment.js';
import { pssKb } from './proc-stats.js';
import type { StackTarget } from './seed/maildir-seed.js';

const run = promisify(execFile);

/** Runs one of the sandbox's scripts (`mailstack/bin`) against the bench's stack. */
export async function stackScript(stack: StackTarget, name: string, args: string[] = []): Promise<string> {
  const { stdout } = await run('bash', [path.join(repoRoot, 'mailstack/bin', name), ...args], {
    env: { ...process.env, MAILSTACK_DIR: stack.dir, MAILSTACK_PORT_BASE: String(stack.portBase) },
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

/** IMAP connections Dovecot holds for all users (`doveadm who`: the second column counts per user). */
export async function imapConnectionsAll(stack: StackTarget): Promise<number> {
  const out = await stackScript(stack, 'doveadm.sh', ['who']);
  return out
    .split('\n')
    .filter((line) => / imap /.test(` ${line} `))
    .reduce((sum, line) => sum + Number(line.trim().split(/\s+/)[1] ?? 0), 0);
}

/**
 * The stack's Dovecot processes by kind (`imap`, `lmtp`, …: the process title after `dovecot/`) with their PSS,
 * found as the children of its master (other sandboxes on the machine have their own masters).
 */
export function dovecotProcesses(stack: StackTarget): Map<string, { count: number; pssKb: number }> {
  // The sandbox keeps its runtime files under a short path derived from its state directory (mailstack/bin/lib).
  const runDir = `/tmp/ms.${createHash('sha1').update(path.resolve(stack.dir)).digest('hex').slice(0, 10)}`;
  const master = Number(readFileSync(path.join(runDir, 'dovecot/master.pid'), 'utf8').trim());
  const kinds = new Map<string, { count: number; pssKb: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== master) continue;
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')[0] ?? '';
      // `<instance>/imap [user …]`: the kind follows the instance name.
      const kind = /^[^/\s]*\/([\w-]+)/.exec(title)?.[1] ?? title;
      const row = kinds.get(kind) ?? { count: 0, pssKb: 0 };
      row.count += 1;
      row.pssKb += pssKb(Number(entry));
      kinds.set(kind, row);
    } catch {
      // the process ended meanwhile
    }
  }
  return kinds;
}

/** How often Dovecot's log says `text`. */
function logCount(stack: StackTarget, text: string): number {
  const log = readFileSync(path.join(stack.dir, 'log', 'dovecot.log'), 'utf8');
  return log.split(text).length - 1;
}

/** Pushes Dovecot gave up on (no answer within the bound), as push.lua logs them. */
export const pushesGivenUp = (stack: StackTarget) => logCount(stack, 'push to webmail: no answer');

/** Mail processes past the kernel's inotify instances (`fs.inotify.max_user_instances`): they poll instead. */
export const inotifyLimitWarnings = (stack: StackTarget) => logCount(stack, 'Inotify instance limit');

const message = (to: string, subject: string) =>
  `From: bench@example.org\r\nTo: ${to}\r\nSubject: ${subject}\r\nMessage-ID: <${subject}@bench>\r\n\r\nHello.\r\n`;

/**
 * One LMTP delivery, resolving the time of the final 250. A refused connection (Dovecot's LMTP restarting during a
 * reload) is tried again, as Postfix would; the attempts are counted.
 */
export async function deliverOnce(stack: StackTarget, to: string, subject: string) {
  const target = attachMailstack({ dir: stack.dir, portBase: stack.portBase });
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await deliverViaLmtp(target, message(to, subject), {
        from: 'bench@example.org',
        to: [to],
      });
      if (result.accepted.length !== 1) throw new Error(`LMTP refused: ${result.response}`);
      return { at: performance.now(), attempts: attempt };
    } catch (err) {
      if (attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}
