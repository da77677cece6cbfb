import { createHash, randomBytes } from 'node:crypto';
import { Contact, type Group } from '@webmail/contracts';
import { readJsonColumn } from '../../infra/db/json-column.js';
import { searchTextOf, sortNameOf, type ContactFields, type Labelled } from './contact-fields.js';
import type { ContactRow, ContactsRepository, GroupRow } from './contacts.repository.js';
import { extraOf, newUid, writeVcard } from './vcard-write.js';

/** Ids of rows: random, URL-safe, 16 characters. */
export const newId = () => randomBytes(12).toString('base64url');

const etagOf = (...parts: Array<string | number>) =>
  `"${createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 22)}"`;

/** The row's e-mail addresses (its `emails` JSON column, in the contract's shape). */
export const storedEmails = (row: Pick<ContactRow, 'emails'>): Labelled[] =>
  readJsonColumn(Contact.shape.emails, row.emails, 'contacts.emails');

const storedPhones = (row: Pick<ContactRow, 'phones'>): Labelled[] =>
  readJsonColumn(Contact.shape.phones, row.phones, 'contacts.phones');

/** A contact as the API shows it. */
export function contactView(row: ContactRow, groups: string[]): Contact {
  return {
    id: row.id,
    addressBookId: row.address_book_id,
    uid: row.uid,
    fullName: row.full_name,
    emails: storedEmails(row),
    phones: storedPhones(row),
    organization: row.organization,
    notes: row.notes,
    groups,
    hasAvatar: row.has_avatar === 1,
    revision: Number(row.revision),
    etag: row.etag,
    updatedAt: Number(row.updated_at),
  };
}

export function fieldsOf(row: ContactRow): ContactFields {
  return {
    fullName: row.full_name,
    emails: storedEmails(row),
    phones: storedPhones(row),
    organization: row.organization,
    notes: row.notes,
  };
}

export function groupView(row: GroupRow, members: string[]): Group {
  return {
    id: row.id,
    name: row.name,
    data: { description: row.description },
    count: members.length,
    members,
    hasAvatar: row.has_avatar === 1,
    revision: Number(row.revision),
    etag: row.etag,
  };
}

const addressesOf = (fields: ContactFields) => [...new Set(fields.emails.map((e) => e.value.toLowerCase()))];

/**
 * Writes contacts: every change regenerates the stored vCard 4 (keeping the properties the webmail does not
 * edit), bumps the revision and the ETag, and the address book's sync revision.
 */
export class ContactStore {
  constructor(private readonly repo: ContactsRepository) {}

  async insert(
    account: string,
    addressBookId: string,
    fields: ContactFields,
    options: { uid?: string | null; extra?: unknown[]; hasAvatar?: boolean; at: number },
  ): Promise<ContactRow> {
    const uid =
      options.uid && !(await this.repo.contacts.contactByUid(addressBookId, options.uid))
        ? options.uid
        : newUid();
    const vcard = writeVcard({ uid, fields, extra: options.extra ?? [], updatedAt: options.at });
    const row: ContactRow = {
      id: newId(),
      account,
      address_book_id: addressBookId,
      uid,
      ...columnsOf(fields),
      vcard,
      revision: 1,
      etag: etagOf(vcard, 1),
      has_avatar: options.hasAvatar ? 1 : 0,
      created_at: options.at,
      updated_at: options.at,
    };
    await this.repo.contacts.insertContact(row, addressesOf(fields));
    await this.repo.books.bumpBook(addressBookId, options.at);
    return row;
  }

  async update(
    row: ContactRow,
    fields: ContactFields,
    options: { addressBookId?: string; hasAvatar?: boolean; avatarEtag?: string; at: number },
  ) {
    const revision = Number(row.revision) + 1;
    // A UID is unique per book (a CardDAV resource name): moved into a book that has the same UID (an imported
    // copy), the contact gets a new one rather than failing.
    const target = options.addressBookId ?? row.address_book_id;
    const taken =
      target !== row.address_book_id && !!(await this.repo.contacts.contactByUid(target, row.uid));
    const uid = taken ? newUid() : row.uid;
    const vcard = writeVcard({ uid, fields, extra: extraOf(row.vcard), updatedAt: options.at });
    const next: ContactRow = {
      ...row,
      uid,
      address_book_id: options.addressBookId ?? row.address_book_id,
      ...columnsOf(fields),
      vcard,
      revision,
      etag: etagOf(vcard, revision, options.avatarEtag ?? ''),
      has_avatar: options.hasAvatar === undefined ? row.has_avatar : options.hasAvatar ? 1 : 0,
      updated_at: options.at,
    };
    await this.repo.contacts.updateContact(next, addressesOf(fields));
    await this.repo.books.bumpBook(next.address_book_id, options.at);
    if (next.address_book_id !== row.address_book_id)
      await this.repo.books.bumpBook(row.address_book_id, options.at);
    return next;
  }

  /** Deletes contacts, leaving tombstones (UID + book revision) for a later CardDAV sync report. */
  async remove(account: string, rows: ContactRow[], at: number): Promise<void> {
    const revisions = new Map<string, number>();
    for (const bookId of new Set(rows.map((r) => r.address_book_id)))
      revisions.set(bookId, await this.repo.books.bumpBook(bookId, at));
    await this.repo.contacts.addTombstones(
      rows.map((r) => ({
        address_book_id: r.address_book_id,
        uid: r.uid,
        sync_revision: revisions.get(r.address_book_id) ?? 0,
        deleted_at: at,
      })),
    );
    await this.repo.contacts.deleteContacts(
      account,
      rows.map((r) => r.id),
    );
  }
}

function columnsOf(fields: ContactFields) {
  return {
    full_name: fields.fullName,
    sort_name: sortNameOf(fields),
    search_text: searchTextOf(fields),
    emails: JSON.stringify(fields.emails),
    phones: JSON.stringify(fields.phones),
    organization: fields.organization,
    notes: fields.notes,
  };
}

export function groupEtag(
  row: Pick<GroupRow, 'name' | 'description' | 'revision'>,
  members: string[],
  avatarEtag = '',
) {
  return etagOf(row.name, row.description, Number(row.revision), members.join(','), avatarEtag);
}
