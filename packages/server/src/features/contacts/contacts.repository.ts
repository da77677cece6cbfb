import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, Db } from '../../infra/db/database.js';
import type {
  ContactAddressBooksTable,
  ContactAvatarsTable,
  ContactGroupsTable,
  ContactsTable,
} from './contacts.tables.js';

export type AddressBookRow = Selectable<ContactAddressBooksTable>;
export type ContactRow = Selectable<ContactsTable>;
export type GroupRow = Selectable<ContactGroupsTable>;
export type AvatarRow = Selectable<ContactAvatarsTable>;

/** `%` and `_` are LIKE wildcards; a query containing them means the characters themselves. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** SQLite limits bound parameters per statement; id lists are sent in chunks of this many. */
const chunkSize = 500;
const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / chunkSize) }, (_, i) =>
    items.slice(i * chunkSize, (i + 1) * chunkSize),
  );

export interface ContactListFilter {
  tokens: string[];
  addressBookId?: string;
  groupId?: string;
  offset: number;
  limit: number;
}

/** The SQL of the contacts feature: one method per query; every query is limited to one account. */
export class ContactsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `fn` in one transaction with a repository bound to it. */
  transaction<T>(fn: (repo: ContactsRepository) => Promise<T>): Promise<T> {
    return (this.db as Db).transaction().execute((trx) => fn(new ContactsRepository(trx)));
  }

  // Address books

  async books(account: string): Promise<Array<AddressBookRow & { count: number }>> {
    const rows = await this.db
      .selectFrom('contact_address_books as b')
      .selectAll('b')
      .select((eb) =>
        eb
          .selectFrom('contacts as c')
          .whereRef('c.address_book_id', '=', 'b.id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('count'),
      )
      .where('b.account', '=', account)
      .orderBy('b.is_default', 'desc')
      .orderBy('b.name')
      .execute();
    return rows.map((r) => ({ ...r, count: Number(r.count ?? 0) }));
  }

  async book(account: string, id: string): Promise<AddressBookRow | undefined> {
    return this.db
      .selectFrom('contact_address_books')
      .selectAll()
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async defaultBook(account: string): Promise<AddressBookRow | undefined> {
    return this.db
      .selectFrom('contact_address_books')
      .selectAll()
      .where('account', '=', account)
      .where('is_default', '=', 1)
      .executeTakeFirst();
  }

  async insertBook(row: Insertable<ContactAddressBooksTable>): Promise<void> {
    await this.db.insertInto('contact_address_books').values(row).execute();
  }

  async renameBook(account: string, id: string, name: string, at: number): Promise<void> {
    await this.db
      .updateTable('contact_address_books')
      .set({ name, updated_at: at })
      .where('account', '=', account)
      .where('id', '=', id)
      .execute();
  }

  /** The book's next sync revision (a CardDAV sync token), taken for a change in it. */
  async bumpBook(id: string, at: number): Promise<number> {
    await this.db
      .updateTable('contact_address_books')
      .set((eb) => ({ sync_revision: eb('sync_revision', '+', 1), updated_at: at }))
      .where('id', '=', id)
      .execute();
    const row = await this.db
      .selectFrom('contact_address_books')
      .select('sync_revision')
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(row?.sync_revision ?? 0);
  }

  async deleteBook(account: string, id: string): Promise<string[]> {
    const ids = (
      await this.db
        .selectFrom('contacts')
        .select('id')
        .where('account', '=', account)
        .where('address_book_id', '=', id)
        .execute()
    ).map((r) => r.id);
    await this.deleteContacts(account, ids);
    await this.db.deleteFrom('contact_tombstones').where('address_book_id', '=', id).execute();
    await this.db
      .deleteFrom('contact_address_books')
      .where('account', '=', account)
      .where('id', '=', id)
      .execute();
    return ids;
  }

  // Contacts

  async contacts(account: string, filter: ContactListFilter): Promise<{ rows: ContactRow[]; total: number }> {
    let query = this.db.selectFrom('contacts').where('account', '=', account);
    if (filter.addressBookId) query = query.where('address_book_id', '=', filter.addressBookId);
    if (filter.groupId) {
      const groupId = filter.groupId;
      query = query.where('id', 'in', (eb) =>
        eb
          .selectFrom('contact_group_members')
          .select('contact_id')
          .where('group_id', '=', groupId)
          .where('account', '=', account),
      );
    }
    for (const token of filter.tokens)
      query = query.where(sql<boolean>`search_text like ${`%${likeEscape(token)}%`} escape '\\'`);
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('sort_name')
        .orderBy('id')
        .offset(filter.offset)
        .limit(filter.limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }

  async contact(account: string, id: string): Promise<ContactRow | undefined> {
    return this.db
      .selectFrom('contacts')
      .selectAll()
      .where('account', '=', account)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async contactsById(account: string, ids: string[]): Promise<ContactRow[]> {
    const rows: ContactRow[] = [];
    for (const part of chunks(ids)) {
      if (part.length === 0) continue;
      rows.push(
        ...(await this.db
          .selectFrom('contacts')
          .selectAll()
          .where('account', '=', account)
          .where('id', 'in', part)
          .execute()),
      );
    }
    return rows;
  }

  async allContacts(account: string, addressBookId?: string): Promise<ContactRow[]> {
    let query = this.db.selectFrom('contacts').selectAll().where('account', '=', account);
    if (addressBookId) query = query.where('address_book_id', '=', addressBookId);
    return query.orderBy('sort_name').orderBy('id').execute();
  }

  async countContacts(account: string): Promise<number> {
    const row = await this.db
      .selectFrom('contacts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account', '=', account)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Contacts of a book holding any of the (lower-cased) addresses. */
  async contactIdsByAddresses(
    addressBookId: string,
    addresses: string[],
  ): Promise<Array<{ contact_id: string; address: string }>> {
    const rows: Array<{ contact_id: string; address: string }> = [];
    for (const part of chunks(addresses)) {
      if (part.length === 0) continue;
      rows.push(
        ...(await this.db
          .selectFrom('contact_emails')
          .select(['contact_id', 'address'])
          .where('address_book_id', '=', addressBookId)
          .where('address', 'in', part)
          .execute()),
      );
    }
    return rows;
  }

  async contactByUid(addressBookId: string, uid: string): Promise<ContactRow | undefined> {
    return this.db
      .selectFrom('contacts')
      .selectAll()
      .where('address_book_id', '=', addressBookId)
      .where('uid', '=', uid)
      .executeTakeFirst();
  }

  async insertContact(row: Insertable<ContactsTable>, addresses: string[]): Promise<void> {
    await this.db.insertInto('contacts').values(row).execute();
    await this.saveAddresses(row, addresses);
  }

  async updateContact(row: ContactRow, addresses: string[]): Promise<void> {
    const { id, account, ...rest } = row;
    await this.db
      .updateTable('contacts')
      .set(rest)
      .where('account', '=', account)
      .where('id', '=', id)
      .execute();
    await this.db.deleteFrom('contact_emails').where('contact_id', '=', id).execute();
    await this.saveAddresses(row, addresses);
  }

  private async saveAddresses(
    row: Pick<ContactRow, 'id' | 'account' | 'address_book_id'>,
    addresses: string[],
  ) {
    if (addresses.length === 0) return;
    await this.db
      .insertInto('contact_emails')
      .values(
        addresses.map((address, position) => ({
          contact_id: row.id,
          account: row.account,
          address_book_id: row.address_book_id,
          address,
          position,
        })),
      )
      .execute();
  }

  async moveContacts(account: string, ids: string[], addressBookId: string, at: number): Promise<void> {
    for (const part of chunks(ids)) {
      await this.db
        .updateTable('contacts')
        .set((eb) => ({ address_book_id: addressBookId, updated_at: at, revision: eb('revision', '+', 1) }))
        .where('account', '=', account)
        .where('id', 'in', part)
        .execute();
      await this.db
        .updateTable('contact_emails')
        .set({ address_book_id: addressBookId })
        .where('account', '=', account)
        .where('contact_id', 'in', part)
        .execute();
    }
  }

  async deleteContacts(account: string, ids: string[]): Promise<void> {
    for (const part of chunks(ids)) {
      if (part.length === 0) continue;
      await this.db
        .deleteFrom('contact_emails')
        .where('account', '=', account)
        .where('contact_id', 'in', part)
        .execute();
      await this.db
        .deleteFrom('contact_group_members')
        .where('account', '=', account)
        .where('contact_id', 'in', part)
        .execute();
      await this.db
        .deleteFrom('contact_avatars')
        .where('account', '=', account)
        .where('owner_id', 'in', part)
        .execute();
      await this.db.deleteFrom('contacts').where('account', '=', account).where('id', 'in', part).execute();
    }
  }

  async addTombstones(
    rows: Array<{ address_book_id: string; uid: string; sync_revision: number; deleted_at: number }>,
  ) {
    for (const part of chunks(rows))
      if (part.length) await this.db.insertInto('contact_tombstones').values(part).execute();
  }

  /** Autocomplete: contacts whose name, an address or organisation contains every token, by name. */
  async suggestContacts(account: string, tokens: string[], limit: number) {
    let query = this.db
      .selectFrom('contacts')
      .select(['id', 'full_name', 'emails', 'organization', 'has_avatar', 'etag'])
      .where('account', '=', account);
    for (const token of tokens)
      query = query.where(sql<boolean>`search_text like ${`%${likeEscape(token)}%`} escape '\\'`);
    return query.orderBy('sort_name').limit(limit).execute();
  }

  // Groups

  async groups(account: string, tokens: string[], offset: number, limit: number) {
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

  // Avatars

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
