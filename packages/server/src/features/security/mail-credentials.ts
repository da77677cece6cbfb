import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';

/**
 * The mail server's credentials database (MAIL_AUTH_DB), which its passdb reads (see mailstack/README.md,
 * "Application passwords and two-factor sign-in"). The webmail writes three things there, nothing else:
 * - `app_passwords`: one row per application password: the selector (its first four letters, which find the row),
 *   the `{ARGON2ID}` hash of all sixteen, and the protocols it opens;
 * - `webmail_only_passwords`: the accounts with two-factor sign-in, whose account password then works only
 *   through the webmail's own IMAP/submission doors;
 * - `users.password`: for the `sql` password driver only.
 * Its schema belongs to the mail server (the sandbox's `ensure_user_db`, the production example's SQL).
 */
interface MailAuthDatabase {
  app_passwords: {
    id: string;
    email: string;
    selector: string;
    password: string;
    imap: number;
    pop3: number;
    smtp: number;
  };
  webmail_only_passwords: { email: string };
  users: { email: string; password: string };
}

export interface AppPasswordCredential {
  id: string;
  email: string;
  selector: string;
  hash: string;
  imap: boolean;
  pop3: boolean;
  smtp: boolean;
}

export class MailCredentials {
  private constructor(private readonly db: Kysely<MailAuthDatabase>) {}

  /** null when MAIL_AUTH_DB is not configured (application passwords are then unavailable). */
  static open(location: string | null): MailCredentials | null {
    if (!location) return null;
    if (/^postgres(ql)?:\/\//.test(location)) {
      const pool = new pg.Pool({ connectionString: location, max: 4 });
      // An idle connection the server closes must not end the process (an unheard 'error' event would).
      pool.on('error', () => undefined);
      return new MailCredentials(new Kysely({ dialect: new PostgresDialect({ pool }) }));
    }
    // The mail server's file: no WAL switch (its readers may not write a -shm file), only a busy wait.
    const sqlite = new SQLite(location, { fileMustExist: true });
    sqlite.pragma('busy_timeout = 5000');
    return new MailCredentials(new Kysely({ dialect: new SqliteDialect({ database: sqlite }) }));
  }

  async selectorsOf(email: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('app_passwords')
      .select('selector')
      .where('email', '=', email)
      .execute();
    return new Set(rows.map((r) => r.selector));
  }

  async addAppPassword(c: AppPasswordCredential): Promise<void> {
    await this.db
      .insertInto('app_passwords')
      .values({
        id: c.id,
        email: c.email,
        selector: c.selector,
        password: c.hash,
        imap: c.imap ? 1 : 0,
        pop3: c.pop3 ? 1 : 0,
        smtp: c.smtp ? 1 : 0,
      })
      .execute();
  }

  async removeAppPassword(email: string, id: string): Promise<void> {
    await this.db.deleteFrom('app_passwords').where('email', '=', email).where('id', '=', id).execute();
  }

  /** Two-factor sign-in on: the account password stops working outside the webmail's doors (and back). */
  async setWebmailOnly(email: string, on: boolean): Promise<void> {
    if (on) {
      await this.db
        .insertInto('webmail_only_passwords')
        .values({ email })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
    } else {
      await this.db.deleteFrom('webmail_only_passwords').where('email', '=', email).execute();
    }
  }

  /** The `sql` password driver: true when the account's row was updated. */
  async setPasswordHash(email: string, hash: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ password: hash })
      .where('email', '=', email)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  close(): Promise<void> {
    return this.db.destroy();
  }
}
