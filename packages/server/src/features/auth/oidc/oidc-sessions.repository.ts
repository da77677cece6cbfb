import type { Selectable } from 'kysely';
import type { Db } from '../../../infra/db/database.js';
import './oidc.tables.js';
import type { OidcSessionsTable } from './oidc.tables.js';

export type OidcSessionRow = Selectable<OidcSessionsTable>;

export class OidcSessionsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: OidcSessionRow): Promise<void> {
    await this.db.insertInto('oidc_sessions').values(row).execute();
  }

  find(sessionId: string): Promise<OidcSessionRow | undefined> {
    return this.db
      .selectFrom('oidc_sessions')
      .selectAll()
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
  }

  /** The sessions a logout token names: by provider session id when it has one, else by subject. */
  async named(target: { subject: string | null; sid: string | null }): Promise<OidcSessionRow[]> {
    let query = this.db.selectFrom('oidc_sessions').selectAll();
    if (target.sid) query = query.where('sid', '=', target.sid);
    if (target.subject) query = query.where('subject', '=', target.subject);
    return query.execute();
  }

  /** Replaces the sealed tokens only if they are still `expected` (false: another refresh came first). */
  async replaceTokens(sessionId: string, expected: string, next: string): Promise<boolean> {
    const result = await this.db
      .updateTable('oidc_sessions')
      .set({ tokens_sealed: next })
      .where('session_id', '=', sessionId)
      .where('tokens_sealed', '=', expected)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async remove(sessionId: string): Promise<void> {
    await this.db.deleteFrom('oidc_sessions').where('session_id', '=', sessionId).execute();
  }
}
