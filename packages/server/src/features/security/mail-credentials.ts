import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';

/**
 * The mail server's credentials database (MAIL_AUTH_DB), which its passdb reads (see mailstack/README.md,
 * "Application passwords and two-factor sign-in"). The webmail writes three things there, nothing else:
 * - `app_passwords`: one row per application password: the selector (its first four letters, which find the row),
 *   the `{ARGON2ID}` hash of all sixteen, that of the form shown to the user (groups of four with spaces, in
 *   `password_grouped` where the table has that column: Dovecot cannot drop the spaces before it checks), and the
 *   protocols it opens;
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
    password_grouped?: string | null;
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
  /** The hash of the password as shown (`abcd efgh ijkl mnop`). */
  groupedHash: string;
  imap: boolean;
  pop3: boolean;
  smtp: boolean;
}

export class MailCredentials {
  private groupedColumn: Promise<boolean> | undefined;

  private constructor(
    private readonly db: Kysely<MailAuthDatabase>,
    private readonly kind: 'sqlite' | 'postgres',
  ) {}

  /** null when MAIL_AUTH_DB is not configured (application passwords are then unavailable). */
  static open(location: string | null): MailCredentials | null {
    if (!location) return null;
    if (/^postgres(ql)?:\/\//.test(location)) {
      const pool = new pg.Pool({ connectionString: location, max: 4 });
      // An idle connection the server closes must not end the process (an unheard 'error' event would).
      pool.on('error', () => undefined);
      return new MailCredentials(new Kysely({ dialect: new PostgresDialect({ pool }) }), 'postgres');
    }
    // The mail server's file: no WAL switch (its readers may not write a -shm file), only a busy wait.
    const sqlite = new SQLite(location, { fileMustExist: true });
    sqlite.pragma('busy_timeout = 5000');
    return new MailCredentials(new Kysely({ dialect: new SqliteDialect({ database: sqlite }) }), 'sqlite');
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
        ...((await this.hasGroupedColumn()) ? { password_grouped: c.groupedHash } : {}),
        imap: c.imap ? 1 : 0,
        pop3: c.pop3 ? 1 : 0,
        smtp: c.smtp ? 1 : 0,
      })
      .execute();
  }

  /** Whether the mail server's table has `password_grouped` (tables made before it do not; asked once). */
  private hasGroupedColumn(): Promise<boolean> {
    this.groupedColumn ??= (
      this.kind === 'sqlite'
        ? sql<{
            n: number;
          }>`SELECT count(*) AS n FROM pragma_table_info('app_passwords') WHERE name = 'password_grouped'`
        : sql<{ n: number }>`SELECT count(*)::int AS n FROM information_schema.columns
            WHERE table_name = 'app_passwords' AND column_name = 'password_grouped'`
    )
      .execute(this.db)
      .then((r) => Number(r.rows[0]?.n ?? 0) > 0)
      .catch((err: unknown) => {
        this.groupedColumn = undefined; // asked again next time
        throw err;
      });
    return this.groupedColumn;
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
