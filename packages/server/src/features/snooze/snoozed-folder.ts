import type { FolderIdsRepository } from '../../mail/folder-ids.repository.js';
import type { MailSession } from '../../mail/mail-session.js';
import type { FolderListing } from '../mailboxes/mailboxes.service.js';

/** The name the snoozed folder gets on the mail server; the web shows its role in the user's language instead. */
export const snoozedFolderName = 'Snoozed';

/**
 * The account's snoozed mailbox (the draft's `\Snoozed` role). IMAP servers without CREATE-SPECIAL-USE (Dovecot
 * 2.3) cannot store the role, so the webmail creates the folder at the first snooze and remembers its role on the
 * folder's id row: a rename keeps it, and a folder the user already called "Snoozed" is adopted.
 */
export async function snoozedFolderPath(
  mail: MailSession,
  listing: Pick<FolderListing, 'entries' | 'connection'>,
  folderIds: Pick<FolderIdsRepository, 'withSpecialUse' | 'markSpecialUse'>,
  announce: (mailboxId: string) => void,
): Promise<string> {
  const known = await folderIds.withSpecialUse(mail.email, 'snoozed');
  if (known && listing.entries.some((e) => e.path === known.path)) return known.path;
  const created = await listing.connection.createFolder(snoozedFolderName);
  const record = await folderIds.markSpecialUse(mail.email, created.path, 'snoozed');
  announce(record.id);
  return created.path;
}

/** Where a woken message goes: its target folder while it exists, else the Inbox. */
export function wakeTargetPath(
  listing: Pick<FolderListing, 'entries' | 'records'>,
  targetMailboxId: string,
  inboxPath: string,
): string {
  const byId = [...listing.records.values()].find((r) => r.id === targetMailboxId);
  return byId && listing.entries.some((e) => e.path === byId.path) ? byId.path : inboxPath;
}
