import { readFile } from 'node:fs/promises';
import type { Mailstack } from './mailstack.types.js';

/**
 * Counts successful IMAP logins of one user in the Dovecot log, e.g. to prove that a
 * client reuses its connection. Dovecot logs one line per login:
 *   imap-login: Info: Login: user=<alice@example.test>, method=PLAIN, rip=127.0.0.1, ...
 * User names are normalised to lower case by auth_username_format = %Lu.
 */
export async function countImapLogins(stack: Mailstack, user: string): Promise<number> {
  let log: string;
  try {
    log = await readFile(stack.dovecotLog, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const needle = `imap-login: Info: Login: user=<${user.toLowerCase()}>,`;
  let count = 0;
  for (let at = log.indexOf(needle); at !== -1; at = log.indexOf(needle, at + needle.length)) {
    count++;
  }
  return count;
}
