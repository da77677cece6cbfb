import type { FolderIdsRepository } from '../../mail/folder-ids.repository.js';
import type { MailFolder, MailSession } from '../../mail/mail-session.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import type { SnoozedRow } from './snooze.repository.js';
import { wakeTargetPath } from './snoozed-folder.js';
import type { WokenMessage } from './woken.repository.js';

interface WakeDeps {
  mailboxes: Pick<MailboxesService, 'listing' | 'specialUses'>;
  folderIds: Pick<FolderIdsRepository, 'withSpecialUse'>;
}

export interface WakeResult {
  moved: number;
  /** Where the moved messages now are (their new UIDs), for the lists that show them on top. */
  woken: WokenMessage[];
}

/**
 * Moves snoozed messages back to their target folders with `\Seen` removed (the draft's flags on wake): one
 * UID SEARCH for all of them, then one STORE and one MOVE per target folder with a UID set, from the snoozed
 * mailbox under its lock. A message the user already took out of the snoozed mailbox is not looked for
 * elsewhere: its row just ends. The UID is trusted only under the UIDVALIDITY it was recorded with; after a reset
 * the Message-ID finds the message again (one search per such message: a reset is rare).
 */
export async function wakeRows(mail: MailSession, rows: SnoozedRow[], deps: WakeDeps): Promise<WakeResult> {
  const none: WakeResult = { moved: 0, woken: [] };
  const snoozed = await deps.folderIds.withSpecialUse(mail.email, 'snoozed');
  if (!snoozed || !rows.length) return none;
  const listing = await deps.mailboxes.listing(mail);
  if (!listing.entries.some((e) => e.path === snoozed.path)) return none;
  const inbox = deps.mailboxes.specialUses(listing).get('inbox') ?? 'INBOX';
  const idOfPath = new Map([...listing.records.values()].map((r) => [r.path, r.id]));
  return mail.inPath(snoozed.path, async (folder) => {
    const uids = await currentUids(folder, rows);
    const byTarget = new Map<string, number[]>();
    rows.forEach((row, i) => {
      const uid = uids[i];
      if (uid === null || uid === undefined) return;
      const target = wakeTargetPath(listing, row.targetMailboxId, inbox);
      byTarget.set(target, [...(byTarget.get(target) ?? []), uid]);
    });
    const result: WakeResult = { moved: 0, woken: [] };
    for (const [target, moving] of byTarget) {
      await folder.removeFlags(moving, ['\\Seen']);
      const { uidMap, uidValidity } = await folder.move(moving, target);
      result.moved += moving.length;
      const mailboxId = idOfPath.get(target);
      if (!mailboxId || !uidMap || uidValidity === undefined) continue;
      for (const uid of uidMap.values()) {
        result.woken.push({ account: mail.email, mailboxId, uidValidity: String(uidValidity), uid });
      }
    }
    return result;
  });
}

/** Each row's UID in the snoozed mailbox now, or null when it is not there (in the rows' order). */
async function currentUids(folder: MailFolder, rows: SnoozedRow[]): Promise<Array<number | null>> {
  const validity = String(folder.mailbox.uidValidity);
  const recorded = rows.filter((r) => r.uidValidity === validity).map((r) => r.uid);
  const present = new Set(recorded.length ? await folder.search({ uid: recorded.join(',') }) : []);
  const out: Array<number | null> = [];
  for (const row of rows) {
    if (row.uidValidity === validity) out.push(present.has(row.uid) ? row.uid : null);
    else if (!row.messageId) out.push(null);
    else out.push((await folder.search({ header: { 'message-id': row.messageId } }))[0] ?? null);
  }
  return out;
}
