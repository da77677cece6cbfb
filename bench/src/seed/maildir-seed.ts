/**
 * Seeds a big folder fast: the message files are written straight into the user's maildir and Dovecot
 * indexes them itself (`doveadm force-resync`), ~20 s for 100,000 messages.
 * Delivering them one by one over LMTP or APPEND would take many minutes.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync, utimesSync, chownSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { prng } from '@webmail/mailstack';
import { realisticMessages } from './realistic-mail.js';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface StackTarget {
  /** The mailstack state dir (MAILSTACK_DIR). */
  dir: string;
  portBase: number;
}

export interface SeedFolder {
  email: string;
  /**
   * IMAP path, `/`-separated (the sandbox uses LAYOUT=fs), or `INBOX` (the maildir's root). Keep big folders
   * under `Lists/`: not fts-indexed.
   */
  folder: string;
  count: number;
  seed: number;
}

/** doveadm against the sandbox Dovecot (mailstack/bin/doveadm.sh renders nothing, it only adds -c). */
export async function doveadm(stack: StackTarget, args: string[]): Promise<string> {
  const { stdout } = await run('bash', [path.join(repoRoot, 'mailstack/bin/doveadm.sh'), ...args], {
    env: { ...process.env, MAILSTACK_DIR: stack.dir, MAILSTACK_PORT_BASE: String(stack.portBase) },
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

export async function messageCount(stack: StackTarget, email: string, folder: string): Promise<number> {
  const out = await doveadm(stack, ['-f', 'flow', 'mailbox', 'status', '-u', email, 'messages', folder]);
  const m = /messages=(\d+)/.exec(out);
  return m ? Number(m[1]) : 0;
}

/**
 * Fills `folder` with `count` messages unless it already holds exactly that many (re-runs are instant).
 * Arrival times (the files' mtime, Dovecot's INTERNALDATE on maildir) ascend with the file names, so UID
 * order is arrival order as with real delivery. About 3 % of the newest messages are unseen, every 50th
 * is flagged. Returns the seconds spent, or 0 when nothing had to be done.
 */
export async function seedMaildirFolder(stack: StackTarget, spec: SeedFolder): Promise<number> {
  await doveadm(stack, ['mailbox', 'create', '-u', spec.email, spec.folder]).catch(() => undefined);
  const existing = await messageCount(stack, spec.email, spec.folder);
  if (existing === spec.count) return 0;
  if (existing > 0)
    throw new Error(`${spec.folder} holds ${existing} messages, not ${spec.count}: reset the stack`);
  const started = performance.now();
  const [local, domain] = spec.email.split('@') as [string, string];
  const home = path.join(stack.dir, 'vmail', domain, local);
  // LAYOUT=fs keeps INBOX in the maildir's root, every other folder in a directory of its own.
  const folderDirs = spec.folder === 'INBOX' ? [] : spec.folder.split('/');
  const cur = path.join(home, 'Maildir', ...folderDirs, 'cur');
  mkdirSync(cur, { recursive: true });
  const owner = statSync(path.join(stack.dir, 'vmail'));
  const end = Date.now() - 3_600_000;
  const start = end - 2 * 365 * 86_400_000;
  const rnd = prng(spec.seed + 1);
  let n = 0;
  for (const message of realisticMessages(spec.email, spec.count, start, end, spec.seed)) {
    const flags = `${rnd() < 0.02 ? 'F' : ''}${n < spec.count * 0.97 ? 'S' : ''}`;
    const sec = Math.floor(message.date.getTime() / 1000);
    // Maildir base name: time.M<usec>P<pid>.host; Dovecot orders new files by this time when it gives UIDs.
    // S= and W= (size, and virtual size with CRLF line ends - the same here) are what Dovecot's own
    // delivery writes; without W= the quota count backend reads every file before the first move.
    const size = message.raw.length;
    const name = `${sec}.M${String(n % 1_000_000).padStart(6, '0')}P${n}.bench,S=${size},W=${size}:2,${flags}`;
    const file = path.join(cur, name);
    writeFileSync(file, message.raw);
    utimesSync(file, message.date, message.date);
    chownSync(file, owner.uid, owner.gid);
    n += 1;
  }
  for (let dir = cur; dir.startsWith(home); dir = path.dirname(dir)) chownSync(dir, owner.uid, owner.gid);
  for (const sub of ['new', 'tmp']) {
    const dir = path.join(path.dirname(cur), sub);
    mkdirSync(dir, { recursive: true });
    chownSync(dir, owner.uid, owner.gid);
  }
  // Only force-resync: `doveadm index` would also run the fts-xapian indexer (~100 messages/s), which
  // the sandbox keeps off for Lists/*. Dovecot fills its cache on first use, as it does for real mail.
  await doveadm(stack, ['force-resync', '-u', spec.email, spec.folder]);
  await doveadm(stack, ['quota', 'recalc', '-u', spec.email]);
  const indexed = await messageCount(stack, spec.email, spec.folder);
  if (indexed !== spec.count) throw new Error(`Dovecot indexed ${indexed} of ${spec.count} messages`);
  return (performance.now() - started) / 1000;
}
