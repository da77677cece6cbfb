import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../infra/db/database.js';
import type { ContactCardsRepository } from './contact-cards.repository.js';
import type { AddressBookRow } from './contact-rows.js';
import type { ContactAddressBooksTable } from './contacts.tables.js';

/** Address books (`contact_address_books`) with their contact counts and CardDAV sync revisions; deleting one deletes its contacts. */
export class AddressBooksRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly contacts: ContactCardsRepository,
  ) {}

  async list(account: string): Promise<Array<AddressBookRow & { count: number }>> {
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
    await this.contacts.deleteContacts(account, ids);
    await this.db.deleteFrom('contact_tombstones').where('address_book_id', '=', id).execute();
    await this.db
      .deleteFrom('contact_address_books')
      .where('account', '=', account)
      .where('id', '=', id)
      .execute();
    return ids;
  }
}
