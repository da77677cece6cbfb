import type { AddressBook } from '@webmail/contracts';
import { notFound, refusal, validationError } from '../../infra/errors.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { AddressBookRow, ContactsRepository } from './contacts.repository.js';
import { newId } from './contact-store.js';

/** The default book's name; the web shows it in the user's language (it knows the default by `isDefault`). */
const defaultName = 'Personal';

export class AddressBooksService {
  /** One default-book creation per account at a time (two first requests at once would make two). */
  private readonly creating = new Map<string, Promise<AddressBookRow>>();

  constructor(
    private readonly repo: ContactsRepository,
    private readonly publish: PublishEvent,
  ) {}

  async list(account: string): Promise<AddressBook[]> {
    await this.defaultBook(account);
    return (await this.repo.books.list(account)).map(bookView);
  }

  /** The default "Personal" book, made on first use. */
  async defaultBook(account: string): Promise<AddressBookRow> {
    const existing = await this.repo.books.defaultBook(account);
    if (existing) return existing;
    const running = this.creating.get(account);
    if (running) return running;
    const task = (async () => {
      const now = Date.now();
      const row: AddressBookRow = {
        id: newId(),
        account,
        name: defaultName,
        is_default: 1,
        sync_revision: 0,
        created_at: now,
        updated_at: now,
      };
      await this.repo.books.insertBook(row);
      return row;
    })().finally(() => this.creating.delete(account));
    this.creating.set(account, task);
    return task;
  }

  /** The book named by id (404 for another account's), or the default one. */
  async resolve(account: string, id: string | undefined): Promise<AddressBookRow> {
    if (!id) return this.defaultBook(account);
    const row = await this.repo.books.book(account, id);
    if (!row) throw notFound('Address book', 'addressBookNotFound');
    return row;
  }

  async create(account: string, name: string): Promise<AddressBook> {
    await this.defaultBook(account);
    await this.checkNameFree(account, name);
    const now = Date.now();
    const row: AddressBookRow = {
      id: newId(),
      account,
      name,
      is_default: 0,
      sync_revision: 0,
      created_at: now,
      updated_at: now,
    };
    await this.repo.books.insertBook(row);
    this.publish(account, { command: 'addressbookUpdated', id: row.id });
    return bookView({ ...row, count: 0 });
  }

  async rename(account: string, id: string, name: string): Promise<AddressBook> {
    const row = await this.resolve(account, id);
    if (row.name.toLowerCase() !== name.toLowerCase()) await this.checkNameFree(account, name);
    await this.repo.books.renameBook(account, id, name, Date.now());
    this.publish(account, { command: 'addressbookUpdated', id });
    const book = (await this.repo.books.list(account)).find((b) => b.id === row.id)!;
    return bookView(book);
  }

  /** Deletes a book with every contact in it. The default book stays (new contacts need a home). */
  async remove(account: string, id: string): Promise<void> {
    const row = await this.resolve(account, id);
    if (row.is_default === 1)
      throw refusal(
        'Forbidden',
        403,
        'defaultAddressBookDelete',
        'The default address book cannot be deleted',
      );
    await this.repo.transaction((repo) => repo.books.deleteBook(account, id));
    this.publish(account, { command: 'addressbookDeleted', id });
  }

  private async checkNameFree(account: string, name: string): Promise<void> {
    const books = await this.repo.books.list(account);
    if (books.some((b) => b.name.toLowerCase() === name.toLowerCase()))
      throw validationError({
        name: [{ code: 'notAllowed', message: 'An address book of that name exists' }],
      });
  }
}

function bookView(row: AddressBookRow & { count: number }): AddressBook {
  return { id: row.id, name: row.name, isDefault: row.is_default === 1, count: row.count };
}
