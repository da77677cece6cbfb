import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../../infra/db/database.js';
import { chunks, likeEscape, type GroupRow } from './contact-rows.js';
import type { ContactGroupsTable } from './contacts.tables.js';

/** Groups of contacts (`contact_groups`) and their members (`contact_group_members`), in the order they joined. */
export class ContactGroupsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(account: string, tokens: string[], offset: number, limit: number) {
    let query = this.db.selectFrom('contact_groups').where('account', '=', account);
    for (const token of tokens)
      query = query.where(sql<boolean>`search_text like ${`%${likeEscape(token)}%`} escape '\\'`);
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('search_text').orderBy('id').offset(offset).limit(limit).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  /** Autocomplete: groups whose name contains every token (no count: one query). */
  async suggestGroups(account: string, tokens: string[], limit: number): Promise<GroupRow[]> {
    let query = this.db.selectFrom('contact_groups').selectAll().where('account', '=', account);
    for (const token of tokens)
      query = query.where(sql<boolean>`search_text like ${`%${likeEscape(token)}%`} escape '\\'`);
    return query.orderBy('search_text').limit(limit).execute();
  }

  async group(account: string, id: string): Promise<GroupRow | undefined> {
    return this.db
      .selectFrom('contact_groups')
      .selectAll()
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async groupByName(account: string, name: string): Promise<GroupRow | undefined> {
    return this.db
      .selectFrom('contact_groups')
      .selectAll()
      .where('account', '=', account)
      .where('search_text', '=', name.toLowerCase())
      .executeTakeFirst();
  }

  async insertGroup(row: Insertable<ContactGroupsTable>): Promise<void> {
    await this.db.insertInto('contact_groups').values(row).execute();
  }

  async updateGroup(row: GroupRow): Promise<void> {
    const { id, account, ...rest } = row;
    await this.db
      .updateTable('contact_groups')
      .set(rest)
      .where('account', '=', account)
      .where('id', '=', id)
      .execute();
  }

  async deleteGroup(account: string, id: string): Promise<void> {
    await this.db
      .deleteFrom('contact_group_members')
      .where('account', '=', account)
      .where('group_id', '=', id)
      .execute();
    await this.db
      .deleteFrom('contact_avatars')
      .where('account', '=', account)
      .where('owner_id', '=', id)
      .execute();
    await this.db.deleteFrom('contact_groups').where('account', '=', account).where('id', '=', id).execute();
  }

  /** Members of the groups (contact ids, in the order they joined). */
  async members(account: string, groupIds: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>(groupIds.map((id) => [id, []]));
    for (const part of chunks(groupIds)) {
      if (part.length === 0) continue;
      const rows = await this.db
        .selectFrom('contact_group_members')
        .select(['group_id', 'contact_id'])
        .where('account', '=', account)
        .where('group_id', 'in', part)
        .execute();
      for (const r of rows) map.get(r.group_id)?.push(r.contact_id);
    }
    return map;
  }

  /** The groups each contact is in. */
  async groupsOfContacts(account: string, contactIds: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>(contactIds.map((id) => [id, []]));
    for (const part of chunks(contactIds)) {
      if (part.length === 0) continue;
      const rows = await this.db
        .selectFrom('contact_group_members')
        .select(['group_id', 'contact_id'])
        .where('account', '=', account)
        .where('contact_id', 'in', part)
        .execute();
      for (const r of rows) map.get(r.contact_id)?.push(r.group_id);
    }
    return map;
  }

  async addMembers(account: string, groupId: string, contactIds: string[]): Promise<void> {
    const existing = new Set((await this.members(account, [groupId])).get(groupId));
    const fresh = [...new Set(contactIds)].filter((id) => !existing.has(id));
    for (const part of chunks(fresh))
      if (part.length)
        await this.db
          .insertInto('contact_group_members')
          .values(part.map((contact_id) => ({ group_id: groupId, contact_id, account })))
          .execute();
  }

  async removeMembers(account: string, groupId: string, contactIds: string[]): Promise<void> {
    for (const part of chunks(contactIds))
      if (part.length)
        await this.db
          .deleteFrom('contact_group_members')
          .where('account', '=', account)
          .where('group_id', '=', groupId)
          .where('contact_id', 'in', part)
          .execute();
  }

  /** Makes the contact a member of exactly these groups. */
  async setGroupsOfContact(account: string, contactId: string, groupIds: string[]): Promise<void> {
    await this.db
      .deleteFrom('contact_group_members')
      .where('account', '=', account)
      .where('contact_id', '=', contactId)
      .execute();
    if (groupIds.length)
      await this.db
        .insertInto('contact_group_members')
        .values([...new Set(groupIds)].map((group_id) => ({ group_id, contact_id: contactId, account })))
        .execute();
  }

  async groupsByIds(account: string, ids: string[]): Promise<GroupRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('contact_groups')
      .selectAll()
      .where('account', '=', account)
      .where('id', 'in', ids)
      .execute();
  }

  async allGroups(account: string): Promise<GroupRow[]> {
    return this.db.selectFrom('contact_groups').selectAll().where('account', '=', account).execute();
  }
}
