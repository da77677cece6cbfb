// Tables of the contacts feature. Times are epoch milliseconds.

/** An address book of one account; the first is the default "Personal" one (is_default 1). */
export interface ContactAddressBooksTable {
  id: string;
  account: string;
  name: string;
  is_default: number;
  /** Grows with every change of a contact in it: a CardDAV sync token / CTag without another migration. */
  sync_revision: number;
  created_at: number;
  updated_at: number;
}

/**
 * A contact. `vcard` is the contact as a vCard 4 (the source of truth, also for properties the webmail does not
 * edit, kept from imports); the other columns are what lists, search and merging read. The avatar is in
 * `contact_avatars` and is added as PHOTO when the vCard is served.
 */
export interface ContactsTable {
  id: string;
  account: string;
  address_book_id: string;
  /** vCard UID, unique per address book (a CardDAV resource name). */
  uid: string;
  full_name: string;
  /** Lower-cased name for sorting. */
  sort_name: string;
  /** Lower-cased name, e-mail addresses and organisation: what a search matches. */
  search_text: string;
  /** JSON [{value, label}]. */
  emails: string;
  /** JSON [{value, label}]. */
  phones: string;
  organization: string;
  notes: string;
  vcard: string;
  revision: number;
  etag: string;
  has_avatar: number;
  created_at: number;
  updated_at: number;
}

/** Each e-mail address of a contact, lower-cased: merging by address and the autocomplete read it. */
export interface ContactEmailsTable {
  contact_id: string;
  account: string;
  address_book_id: string;
  address: string;
  position: number;
}

/** A group of contacts (a vCard 4 KIND:group when served over CardDAV). */
export interface ContactGroupsTable {
  id: string;
  account: string;
  uid: string;
  name: string;
  description: string;
  search_text: string;
  revision: number;
  etag: string;
  has_avatar: number;
  created_at: number;
  updated_at: number;
}

export interface ContactGroupMembersTable {
  group_id: string;
  contact_id: string;
  account: string;
}

/** The avatar of a contact or a group (owner_id), resized to at most 256 px. */
export interface ContactAvatarsTable {
  owner_id: string;
  account: string;
  content_type: string;
  data: Buffer;
  etag: string;
  updated_at: number;
}

/** Deleted contacts' UIDs with the address book revision they left at (CardDAV sync reports deletions). */
export interface ContactTombstonesTable {
  address_book_id: string;
  uid: string;
  sync_revision: number;
  deleted_at: number;
}

declare module '../../infra/db/database.js' {
  interface Database {
    contact_address_books: ContactAddressBooksTable;
    contacts: ContactsTable;
    contact_emails: ContactEmailsTable;
    contact_groups: ContactGroupsTable;
    contact_group_members: ContactGroupMembersTable;
    contact_avatars: ContactAvatarsTable;
    contact_tombstones: ContactTombstonesTable;
  }
}
