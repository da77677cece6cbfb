import type { MassActionName, MassActionResponse } from '@webmail/contracts';
import { AppError } from '../../infra/errors.js';
import type { ImapArg } from '../../mail/imap/imap-raw-command.js';
import { atom, searchUidSet, sequence, storeFlag } from '../../mail/imap/imap-uid-lists.js';
import { folderState } from '../../mail/imap/selected-folder.js';
import { compressUids, expandUids } from '../../mail/imap/uid-set.js';
import type { FolderLists } from './folder-lists.js';
import type { MailFolder } from '../../mail/mail-session.js';

export interface Source {
  mailboxId: string;
  path: string;
  all: boolean;
  uids: Set<number>;
  /**
   * Instead of `all`/`uids`: every message matching a search's criteria (its results), worked out in the folder
   * (a search may need the folder's own UIDs for its negations).
   */
  criteria?: (folder: MailFolder) => Promise<ImapArg[]>;
}
export interface Target {
  mailboxId: string;
  path: string;
}
type FolderResult = MassActionResponse['folders'][number];
type Moved = MassActionResponse['moved'][number];

/** Flag actions, and the search key of the messages each one actually changes. */
const flagChanges: Partial<Record<MassActionName, { flag: string; add: boolean; changes: string }>> = {
  flagged: { flag: '\\Flagged', add: true, changes: 'UNFLAGGED' },
  unflag: { flag: '\\Flagged', add: false, changes: 'FLAGGED' },
  seen: { flag: '\\Seen', add: true, changes: 'UNSEEN' },
  unseen: { flag: '\\Seen', add: false, changes: 'SEEN' },
};

export const isFlagAction = (action: MassActionName) => flagChanges[action] !== undefined;

/**
 * One folder of a mass action, under its lock. One `UID SEARCH RETURN (ALL)` resolves which addressed
 * UIDs still exist ('*' → ALL, so mail arriving meanwhile is never moved or deleted unseen; a search's results →
 * its criteria, so every hit is acted on, loaded or not); the answer is
 * a compressed set (`1:100000`), never a list of numbers. Then one command on that set:
 * - flags: a second search finds the messages whose flag changes (`changedUidSet`, so undo restores
 *   exactly the earlier state) and one silent STORE changes just those;
 * - move: UID MOVE (`MailFolder.move`, which reads COPYUID into the undo map);
 * - delete: `MailFolder.delete`: STORE \Deleted + UIDPLUS UID EXPUNGE of exactly this set, never a folder-wide
 *   EXPUNGE.
 * A move or delete keeps the folder's cached sorted list valid minus the removed UIDs.
 */
export async function applyToFolder(
  folder: MailFolder,
  action: MassActionName,
  source: Source,
  target: Target | null,
  lists: FolderLists,
  key: string,
): Promise<{ result: FolderResult; move: Moved | null }> {
  const result: FolderResult = {
    mailboxId: source.mailboxId,
    total: 0,
    handled: 0,
    handledUidSet: '',
    changedUidSet: '',
  };
  if (!source.criteria && !source.all && source.uids.size === 0) return { result, move: null };
  const criteria = source.criteria
    ? await source.criteria(folder)
    : source.all
      ? [atom('ALL')]
      : [atom('UID'), sequence(compressUids(source.uids))];
  const existing = await searchUidSet(folder, criteria);
  result.total = existing.count;
  if (existing.count === 0) return { result, move: null };
  const done = {
    ...result,
    handled: existing.count,
    handledUidSet: existing.set,
    changedUidSet: existing.set,
  };
  const flag = flagChanges[action];
  if (flag) {
    const changed = await searchUidSet(folder, [atom('UID'), sequence(existing.set), atom(flag.changes)]);
    await storeFlag(folder, changed.set, flag.flag, flag.add);
    return { result: { ...done, changedUidSet: changed.set }, move: null };
  }
  if (action !== 'delete' && (!target || target.path === source.path)) {
    if (!target) throw new AppError('Internal', 500, 'A move without a target folder');
    return { result: done, move: null };
  }
  const before = folderState(folder);
  const move =
    action === 'delete'
      ? await folder.delete(existing.set).then(() => null)
      : await moveSet(folder, existing.set, source, target!);
  lists.removed(key, expandUids(existing.set), before, folderState(folder));
  return { result: done, move };
}

async function moveSet(folder: MailFolder, set: string, source: Source, target: Target): Promise<Moved> {
  const { uidMap } = await folder.move(set, target.path);
  return { from: source.mailboxId, to: target.mailboxId, uidMap: toUidMap(uidMap) };
}

/**
 * COPYUID pairs as two parallel compressed sets, sorted by source UID. That only works while destination
 * UIDs ascend with source UIDs (servers assign them in that order); otherwise no map rather than a wrong one.
 */
function toUidMap(map: Map<number, number> | undefined): Moved['uidMap'] {
  if (!map || map.size === 0) return null;
  const pairs = [...map].sort((a, b) => a[0] - b[0]);
  if (pairs.some((p, i) => i > 0 && p[1] <= pairs[i - 1]![1])) return null;
  return { source: compressUids(pairs.map((p) => p[0])), destination: compressUids(pairs.map((p) => p[1])) };
}
