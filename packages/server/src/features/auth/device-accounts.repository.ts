import type { Selectable } from 'kysely';
import type { Db } from '../../infra/db/database.js';
import type { DeviceAccountsTable } from './auth.tables.js';

export type DeviceAccountRow = Selectable<DeviceAccountsTable>;

export class DeviceAccountsRepository {
  constructor(private readonly db: Db) {}

  async list(deviceId: string): Promise<DeviceAccountRow[]> {
    return this.db
      .selectFrom('device_accounts')
      .selectAll()
      .where('device_id', '=', deviceId)
      .orderBy('user_index')
      .execute();
  }

  async find(deviceId: string, userIndex: number): Promise<DeviceAccountRow | undefined> {
    return this.db
      .selectFrom('device_accounts')
      .selectAll()
      .where('device_id', '=', deviceId)
      .where('user_index', '=', userIndex)
      .executeTakeFirst();
  }

  /** Puts the account in its slot with a new session (a remembered account keeps its slot). */
  async save(row: DeviceAccountRow): Promise<void> {
    await this.db
      .insertInto('device_accounts')
      .values(row)
      .onConflict((oc) => oc.columns(['device_id', 'user_index']).doUpdateSet({ session_id: row.session_id }))
      .execute();
  }

  async setSession(deviceId: string, userIndex: number, sessionId: string | null): Promise<void> {
    await this.db
      .updateTable('device_accounts')
      .set({ session_id: sessionId })
      .where('device_id', '=', deviceId)
      .where('user_index', '=', userIndex)
      .execute();
  }

  async remove(deviceId: string, userIndex: number): Promise<void> {
    await this.db
      .deleteFrom('device_accounts')
      .where('device_id', '=', deviceId)
      .where('user_index', '=', userIndex)
      .execute();
  }

  async removeAll(deviceId: string): Promise<void> {
    await this.db.deleteFrom('device_accounts').where('device_id', '=', deviceId).execute();
  }
}
