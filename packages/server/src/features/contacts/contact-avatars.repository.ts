import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/database.js';
import { chunks, type AvatarRow } from './contact-rows.js';

/** The images of contacts and groups (`contact_avatars`), keyed by their owner's id. */
export class ContactAvatarsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async avatar(account: string, ownerId: string): Promise<AvatarRow | undefined> {
    return this.db
      .selectFrom('contact_avatars')
      .selectAll()
      .where('account', '=', account)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
  }

  async avatarsOf(account: string, ownerIds: string[]): Promise<Map<string, AvatarRow>> {
    const map = new Map<string, AvatarRow>();
    for (const part of chunks(ownerIds)) {
      if (part.length === 0) continue;
      for (const row of await this.db
        .selectFrom('contact_avatars')
        .selectAll()
        .where('account', '=', account)
        .where('owner_id', 'in', part)
        .execute())
        map.set(row.owner_id, row);
    }
    return map;
  }

  async saveAvatar(row: AvatarRow): Promise<void> {
    const { owner_id: _owner, ...rest } = row;
    await this.db
      .insertInto('contact_avatars')
      .values(row)
      .onConflict((oc) => oc.column('owner_id').doUpdateSet(rest))
      .execute();
  }

  async deleteAvatar(account: string, ownerId: string): Promise<void> {
    await this.db
      .deleteFrom('contact_avatars')
      .where('account', '=', account)
      .where('owner_id', '=', ownerId)
      .execute();
  }
}
