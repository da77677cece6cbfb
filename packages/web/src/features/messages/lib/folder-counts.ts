import type { Folder, MailboxTreeResponse, MassActionName, SpecialUse } from '@webmail/contracts';
import { specialUseFolderId, type CountShift } from '../../mailboxes/api/mailboxes.cache';

/** The special-use folder a mass action moves to (the server's rule, contracts `MassActionName`). */
const actionTargets: Partial<Record<MassActionName, SpecialUse>> = {
  trash: 'trash',
  archive: 'archive',
  spam: 'junk',
  notspam: 'inbox',
};

/** T of README.md: the move target of an action, or undefined (no move, or the account lacks that folder). */
export function targetFolderId(
  tree: MailboxTreeResponse | undefined,
  action: MassActionName,
  moveToTarget: string | undefined,
): string | undefined {
  if (action === 'move') return moveToTarget;
  const use = actionTargets[action];
  return use ? specialUseFolderId(tree, use) : undefined;
}

export interface CountEffectInput {
  action: MassActionName;
  source: Folder | undefined;
  targetId: string | undefined;
  /** '*' or how many messages are addressed. */
  addressed: number | '*';
  /** Of the addressed messages, how many the list cache knows to be unseen / seen (README "k"). */
  known: { unseen: number; seen: number };
}

/**
 * The count changes of README "Effects per action" (tree column), applied by the mailboxes feature's cache
 * (`shiftTreeCounts`): this feature knows what an action does to the counts, that one owns the tree.
 */
export function countShiftsFor({
  action,
  source,
  targetId,
  addressed,
  known,
}: CountEffectInput): CountShift[] {
  if (!source) return [];
  const all = addressed === '*';
  if (action === 'flagged' || action === 'unflag') return [];
  if (action === 'seen') {
    return [
      all ? { mailboxId: source.id, set: { unseen: 0 } } : { mailboxId: source.id, unseen: -known.unseen },
    ];
  }
  if (action === 'unseen') {
    return [
      all
        ? { mailboxId: source.id, set: { unseen: source.total } }
        : { mailboxId: source.id, unseen: known.seen },
    ];
  }
  const moved = all ? source.total : addressed;
  const movedUnseen = all ? source.unseen : known.unseen;
  const shifts: CountShift[] = [
    all
      ? { mailboxId: source.id, set: { unseen: 0, total: 0 } }
      : { mailboxId: source.id, unseen: -movedUnseen, total: -moved },
  ];
  if (action !== 'delete' && targetId && targetId !== source.id) {
    shifts.push({ mailboxId: targetId, unseen: movedUnseen, total: moved });
  }
  return shifts;
}
