import type { Selectable } from 'kysely';
import type { Db } from '../../infra/db/database.js';
import type { SecurityPendingSignInsTable, SecuritySessionChecksTable } from './security.tables.js';

export type PendingSignInRow = Selectable<SecurityPendingSignInsTable>;
export type SessionChecksRow = Selectable<SecuritySessionChecksTable>;

/** Pending sign-ins (password right, second factor awaited) and each session's recent checks. */
export class SignInChecksRepository {
  constructor(private readonly db: Db) {}

  async insertPending(row: PendingSignInRow): Promise<void> {
    await this.db.insertInto('security_pending_sign_ins').values(row).execute();
  }

  findPending(idHash: string, now: number): Promise<PendingSignInRow | undefined> {
    return this.db
      .selectFrom('security_pending_sign_ins')
      .selectAll()
      .where('id_hash', '=', idHash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  async setPendingChallenge(idHash: string, challenge: string): Promise<void> {
    await this.db
      .updateTable('security_pending_sign_ins')
      .set({ webauthn_challenge: challenge })
      .where('id_hash', '=', idHash)
      .execute();
  }

  /** Ends a pending sign-in; false when another request ended it first (it is used once). */
  async deletePending(idHash: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('security_pending_sign_ins')
      .where('id_hash', '=', idHash)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async deletePendingOf(account: string): Promise<void> {
    await this.db.deleteFrom('security_pending_sign_ins').where('account', '=', account).execute();
  }

  async deleteExpired(now: number): Promise<void> {
    await this.db.deleteFrom('security_pending_sign_ins').where('expires_at', '<=', now).execute();
    await this.db
      .deleteFrom('security_session_checks')
      .where('reauthenticated_until', '<=', now)
      .where((eb) => eb.or([eb('challenge_expires_at', 'is', null), eb('challenge_expires_at', '<=', now)]))
      .execute();
  }

  findChecks(sessionId: string): Promise<SessionChecksRow | undefined> {
    return this.db
      .selectFrom('security_session_checks')
      .selectAll()
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
  }

  async saveChecks(row: SessionChecksRow): Promise<void> {
    await this.db
      .insertInto('security_session_checks')
      .values(row)
      .onConflict((oc) =>
        oc.column('session_id').doUpdateSet({
          reauthenticated_until: row.reauthenticated_until,
          registration_challenge: row.registration_challenge,
          challenge_expires_at: row.challenge_expires_at,
        }),
      )
      .execute();
  }
}
