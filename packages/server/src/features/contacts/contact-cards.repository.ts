import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../../infra/db/database.js';
import { chunks, likeEscape, type ContactRow } from './contact-rows.js';
import type { ContactsTable } from './contacts.tables.js';

export interface ContactListFilter {
  tokens: string[];
  addressBookId?: string;
  groupId?: string;
  offset: number;
  limit: number;
}

/** Contacts (`contacts`), their e-mail addresses (`contact_emails`) and the tombstones CardDAV sync reports; deleting a contact also drops its memberships and avatar. */
export class ContactCardsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(account: string, filter: ContactListFilter): Promise<{ rows: ContactRow[]; total: number }> {
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
}
