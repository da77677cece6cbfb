import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MailstackPorts } from './mailstack.types.js';

export const MAILSTACK_HOST = '127.0.0.1' as const;
export const DEFAULT_PORT_BASE = 10000;

/** The mailstack package directory (holds bin/ and templates/). */
export const MAILSTACK_HOME = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.resolve(MAILSTACK_HOME, '..');

/** Must match bin/lib/common.sh: one base, fixed offsets that echo the well-known ports. */
export function portsFor(base: number): MailstackPorts {
  return {
    imap: base + 143,
    smtp: base + 25,
    submission: base + 587,
    lmtp: base + 24,
    sieve: base + 190,
    webmailImap: base + 144,
    webmailSubmission: base + 588,
    webmailSieve: base + 191,
    doveadmHttp: base + 192,
  };
}

export function resolvePortBase(explicit?: number): number {
  const fromEnv = process.env.MAILSTACK_PORT_BASE;
  const base = explicit ?? (fromEnv ? Number(fromEnv) : DEFAULT_PORT_BASE);
  if (!Number.isInteger(base) || base < 1024 || base > 64900) {
    throw new Error(`mailstack: port base must be an integer in 1024..64900, got ${String(base)}`);
  }
  return base;
}

export function resolveStateDir(explicit?: string): string {
  return path.resolve(explicit ?? process.env.MAILSTACK_DIR ?? path.join(REPO_ROOT, '.data', 'mailstack'));
}

/** The webmail's master user (delegated access); its password is made per state dir (`master-password`). */
export const MASTER_USER = 'webmail-master' as const;

/** Same fixed sink account as bin/lib/common.sh (created by start.sh). */
export const SINK_ACCOUNT = { email: 'sink@sink.test', password: 'sink' } as const;
