import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { SessionsTable } from './session.tables.js';

export type SessionRow = Selectable<SessionsTable>;

export class SessionsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<SessionsTable>): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  async findActive(id: string, now: number): Promise<SessionRow | undefined> {
    return this.active(now).where('id', '=', id).executeTakeFirst();
  }

  async findById(id: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Whether this device ever had a session of this account (revoked and expired ones count). */
  async existsFor(deviceId: string, email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('device_id', '=', deviceId)
      .where('email', '=', email)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Swaps the refresh hash only if it is still the expected one (two refreshes cannot both win). */
  async rotateRefresh(id: string, expectedHash: string, nextHash: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('sessions')
      .set({ refresh_hash: nextHash, last_used_at: now })
      .where('id', '=', id)
      .where('refresh_hash', '=', expectedHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Sessions neither revoked nor expired. */
  private active(now: number) {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now);
  }

  /** The account's live sessions on every device, most recently active first. */
  async listActiveByEmail(email: string, now: number): Promise<SessionRow[]> {
    return this.active(now).where('email', '=', email).orderBy('last_used_at', 'desc').execute();
  }

  /** Notes activity (at most once a minute per session: the caller decides). */
  async touch(id: string, now: number): Promise<void> {
    await this.db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', id).execute();
  }

  /** Replaces the sealed IMAP password (after a password change). */
  async reseal(id: string, passwordSealed: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ password_sealed: passwordSealed })
      .where('id', '=', id)
      .execute();
  }

  /** Erases every sealed password ('' = none kept): delegated mail access needs none. */
  async forgetPasswords(): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ password_sealed: '' })
      .where('password_sealed', '<>', '')
      .execute();
  }

  async revoke(id: string, now: number): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).execute();
  }
}
