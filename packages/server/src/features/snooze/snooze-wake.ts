import type { FolderIdsRepository } from '../../mail/folder-ids.repository.js';
import type { MailFolder, MailSession } from '../../mail/mail-session.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import type { SnoozedRow } from './snooze.repository.js';
import { wakeTargetPath } from './snoozed-folder.js';

interface WakeDeps {
  mailboxes: Pick<MailboxesService, 'listing' | 'specialUses'>;
  folderIds: Pick<FolderIdsRepository, 'withSpecialUse'>;
}

/**
 * Moves snoozed messages back to their target folders with `\Seen` removed (the draft's flags on wake): one
 * STORE and one MOVE per target folder, from the snoozed mailbox under its lock. A message the user already took
 * out of the snoozed mailbox is not looked for elsewhere: its row just ends. The UID is trusted only under the
 * UIDVALIDITY it was recorded with; after a reset the Message-ID finds the message again. Returns how many moved.
 */
export async function wakeRows(mail: MailSession, rows: SnoozedRow[], deps: WakeDeps): Promise<number> {
  const snoozed = await deps.folderIds.withSpecialUse(mail.email, 'snoozed');
  if (!snoozed || !rows.length) return 0;
  const listing = await deps.mailboxes.listing(mail);
  if (!listing.entries.some((e) => e.path === snoozed.path)) return 0;
  const inbox = deps.mailboxes.specialUses(listing).get('inbox') ?? 'INBOX';
  return mail.inPath(snoozed.path, async (folder) => {
    const byTarget = new Map<string, number[]>();
    for (const row of rows) {
      const uid = await currentUid(folder, row);
      if (uid === null) continue;
      const target = wakeTargetPath(listing, row.targetMailboxId, inbox);
      byTarget.set(target, [...(byTarget.get(target) ?? []), uid]);
    }
    let moved = 0;
    for (const [target, uids] of byTarget) {
      await folder.removeFlags(uids, ['\\Seen']);
      await folder.move(uids, target);
      moved += uids.length;
    }
    return moved;
  });
}

async function currentUid(folder: MailFolder, row: SnoozedRow): Promise<number | null> {
  if (String(folder.mailbox.uidValidity) === row.uidValidity) {
    const found = await folder.search({ uid: String(row.uid) });
    return found.length ? row.uid : null;
  }
  if (!row.messageId) return null;
  const found = await folder.search({ header: { 'message-id': row.messageId } });
  return found[0] ?? null;
}
