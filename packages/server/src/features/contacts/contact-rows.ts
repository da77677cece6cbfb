import type { Selectable } from 'kysely';
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
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** SQLite limits bound parameters per statement; id lists are sent in chunks of this many. */
const chunkSize = 500;
export const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / chunkSize) }, (_, i) =>
    items.slice(i * chunkSize, (i + 1) * chunkSize),
  );
