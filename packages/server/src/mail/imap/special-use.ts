import type { ListResponse } from 'imapflow';
import type { SpecialUse } from '@webmail/contracts';

/** RFC 6154 SPECIAL-USE attributes (and Dovecot's `\\Inbox`) → the API's special use. */
const specialUseByFlag: Record<string, SpecialUse> = {
  '\\Inbox': 'inbox',
  '\\Drafts': 'drafts',
  '\\Sent': 'sent',
  '\\Trash': 'trash',
  '\\Junk': 'junk',
  '\\Archive': 'archive',
};

/** The special use of a LIST entry, or null for a custom folder. */
export function specialUseOf(entry: ListResponse): SpecialUse | null {
  return entry.specialUse ? (specialUseByFlag[entry.specialUse] ?? null) : null;
}
