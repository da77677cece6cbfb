import type { Kysely } from 'kysely';
import type { Database, Db } from '../../infra/db/database.js';
import { AddressBooksRepository } from './address-books.repository.js';
import { ContactAvatarsRepository } from './contact-avatars.repository.js';
import { ContactCardsRepository } from './contact-cards.repository.js';
import { ContactGroupsRepository } from './contact-groups.repository.js';

export type { AddressBookRow, AvatarRow, ContactRow, GroupRow } from './contact-rows.js';
export type { ContactListFilter } from './contact-cards.repository.js';

/**
 * The SQL of the contacts feature, one repository per table group (address books, contacts with their addresses,
 * groups with their members, avatars); every query is limited to one account.
 */
export class ContactsRepository {
  readonly contacts: ContactCardsRepository;
  readonly books: AddressBooksRepository;
  readonly groups: ContactGroupsRepository;
  readonly avatars: ContactAvatarsRepository;

  constructor(private readonly db: Kysely<Database>) {
    this.contacts = new ContactCardsRepository(db);
    this.books = new AddressBooksRepository(db, this.contacts);
    this.groups = new ContactGroupsRepository(db);
    this.avatars = new ContactAvatarsRepository(db);
  }

  /** Runs `fn` in one transaction with repositories bound to it. */
  transaction<T>(fn: (repo: ContactsRepository) => Promise<T>): Promise<T> {
    return (this.db as Db).transaction().execute((trx) => fn(new ContactsRepository(trx)));
  }
}
