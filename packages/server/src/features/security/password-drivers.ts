import { spawn } from 'node:child_process';
import type { Config } from '../../infra/config.js';
import { refusal } from '../../infra/errors.js';
import type { MailCredentials } from './mail-credentials.js';
import { dovecotArgon2id } from './slow-hash.js';

/**
 * How the account password is changed on the mail server. The webmail checks the current password and the rules
 * before; a driver only stores the new one (and throws 503 `passwordChangeFailed` when it could not).
 */
export interface PasswordDriver {
  change(email: string, newPassword: string): Promise<void>;
}

const failed = () =>
  refusal(
    'MailServerUnavailable',
    503,
    'passwordChangeFailed',
    'The mail server did not take the new password',
  );

/**
 * Runs a program with the address as its only argument and the new password on stdin, never on a command line
 * (`ps` shows arguments). Exit 0 = done. The sandbox's is `mailstack/bin/set-password.sh`; a Dovecot passwd-file
 * setup would use a script around `doveadm pw`.
 */
export class CommandPasswordDriver implements PasswordDriver {
  constructor(private readonly command: string) {}

  change(email: string, newPassword: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.command, [email], { stdio: ['pipe', 'ignore', 'ignore'], timeout: 20_000 });
      child.once('error', () => reject(failed()));
      child.once('close', (code) => (code === 0 ? resolve() : reject(failed())));
      child.stdin.end(`${newPassword}\n`);
    });
  }
}

/** Writes an `{ARGON2ID}` hash into `users.password` of the mail server's credentials database. */
export class SqlPasswordDriver implements PasswordDriver {
  constructor(private readonly credentials: MailCredentials) {}

  async change(email: string, newPassword: string): Promise<void> {
    const ok = await this.credentials
      .setPasswordHash(email, await dovecotArgon2id(newPassword))
      .catch(() => false);
    if (!ok) throw failed();
  }
}

/** The configured driver, or null (the page then says the server cannot change the password). */
export function passwordDriverFor(
  config: Config['security'],
  credentials: MailCredentials | null,
): PasswordDriver | null {
  if (config.passwordDriver === 'command' && config.passwordCommand)
    return new CommandPasswordDriver(config.passwordCommand);
  if (config.passwordDriver === 'sql' && credentials) return new SqlPasswordDriver(credentials);
  return null;
}
