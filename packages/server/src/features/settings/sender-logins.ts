import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';

/**
 * The mail server's sender-login table (MAIL_SENDER_DB): `sender_logins(address, email)` — which logins may use
 * an address as their envelope sender on the submission ports (Postfix `smtpd_sender_login_maps` with
 * `reject_sender_login_mismatch`; mailstack/README.md "Outgoing addresses"). The webmail adds a row when an
 * address is verified and removes it with the address, so the mail server itself refuses an unverified From, for
 * the webmail and every other client. Its schema belongs to the mail server.
 */
interface SenderDatabase {
  sender_logins: { address: string; email: string };
}

export class SenderLogins {
  private constructor(private readonly db: Kysely<SenderDatabase>) {}

  /** null when MAIL_SENDER_DB is not configured (the mail server then decides on its own who sends as what). */
  static open(location: string | null): SenderLogins | null {
    if (!location) return null;
    if (/^postgres(ql)?:\/\//.test(location)) {
      const pool = new pg.Pool({ connectionString: location, max: 2 });
      // An idle connection the server closes must not end the process (an unheard 'error' event would).
      pool.on('error', () => undefined);
      return new SenderLogins(new Kysely({ dialect: new PostgresDialect({ pool }) }));
    }
    // The mail server's file: no WAL switch (its reader may not write a -shm file), only a busy wait.
    const sqlite = new SQLite(location, { fileMustExist: true });
    sqlite.pragma('busy_timeout = 5000');
    return new SenderLogins(new Kysely({ dialect: new SqliteDialect({ database: sqlite }) }));
  }

  /** Postfix looks the envelope sender up lower-cased. */
  async allow(address: string, login: string): Promise<void> {
    const row = { address: address.toLowerCase(), email: login };
    await this.db
      .insertInto('sender_logins')
      .values(row)
      .onConflict((oc) => oc.columns(['address', 'email']).doNothing())
      .execute();
  }

  async revoke(address: string, login: string): Promise<void> {
    await this.db
      .deleteFrom('sender_logins')
      .where('address', '=', address.toLowerCase())
      .where('email', '=', login)
      .execute();
  }

  close(): Promise<void> {
    return this.db.destroy();
  }
}
