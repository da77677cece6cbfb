import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../infra/db/database.js';
import type { OutgoingAddressesTable } from './outgoing-addresses.tables.js';

export type OutgoingAddressRow = Selectable<OutgoingAddressesTable>;

export class OutgoingAddressesRepository {
  constructor(private readonly db: Db) {}

  list(account: string, onlyVerified = false): Promise<OutgoingAddressRow[]> {
    let query = this.db.selectFrom('outgoing_addresses').selectAll().where('account', '=', account);
    if (onlyVerified) query = query.where('verified', '=', 1);
    return query.orderBy('address').execute();
  }

  find(account: string, id: string): Promise<OutgoingAddressRow | undefined> {
    return this.db
      .selectFrom('outgoing_addresses')
      .selectAll()
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findByToken(tokenHash: string): Promise<OutgoingAddressRow | undefined> {
    return this.db
      .selectFrom('outgoing_addresses')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async count(account: string): Promise<number> {
    const row = await this.db
      .selectFrom('outgoing_addresses')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('account', '=', account)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insert(row: OutgoingAddressRow): Promise<void> {
    await this.db.insertInto('outgoing_addresses').values(row).execute();
  }

  async update(account: string, id: string, change: Updateable<OutgoingAddressesTable>): Promise<void> {
    await this.db
      .updateTable('outgoing_addresses')
      .set(change)
      .where('account', '=', account)
      .where('id', '=', id)
      .execute();
  }

  /** Counts one wrong code (the code is spent after `codeAttemptsMax`). */
  async countWrongCode(account: string, id: string, now: number): Promise<void> {
    await this.db
      .updateTable('outgoing_addresses')
      .set((eb) => ({ code_attempts: eb('code_attempts', '+', 1), updated_at: now }))
      .where('account', '=', account)
      .where('id', '=', id)
      .execute();
  }

  async remove(account: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('outgoing_addresses')
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async mailsSince(account: string, since: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('outgoing_address_mails')
      .select('sent_at')
      .where('account', '=', account)
      .where('sent_at', '>', since)
      .orderBy('sent_at')
      .execute();
    return rows.map((r) => Number(r.sent_at));
  }

  /** Records a verification mail and forgets the ones older than the window. */
  async recordMail(account: string, now: number, windowMs: number): Promise<void> {
    await this.db
      .deleteFrom('outgoing_address_mails')
      .where('sent_at', '<=', now - windowMs)
      .execute();
    await this.db.insertInto('outgoing_address_mails').values({ account, sent_at: now }).execute();
  }
}
