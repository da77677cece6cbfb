import {
  flattenFolders,
  type Folder,
  type MailboxTreeResponse,
  type MassActionName,
  type SpecialUse,
} from '@webmail/contracts';

/** The special-use folder a mass action moves to (the server's rule, contracts `MassActionName`). */
const actionTargets: Partial<Record<MassActionName, SpecialUse>> = {
  trash: 'trash',
  archive: 'archive',
  spam: 'junk',
  notspam: 'inbox',
};

export function findTreeFolder(tree: MailboxTreeResponse | undefined, id: string): Folder | undefined {
  return tree ? flattenFolders(tree.mailboxes).find((folder) => folder.id === id) : undefined;
}

/** T of README.md: the move target of an action, or undefined (no move, or the account lacks that folder). */
export function targetFolderId(
  tree: MailboxTreeResponse | undefined,
  action: MassActionName,
  moveToTarget: string | undefined,
): string | undefined {
  if (action === 'move') return moveToTarget;
  const use = actionTargets[action];
  if (!use || !tree) return undefined;
  return flattenFolders(tree.mailboxes).find((folder) => folder.specialUse === use)?.id;
}

export interface CountShift {
  mailboxId: string;
  unseen?: number;
  total?: number;
  /** Set the counts instead of shifting them ('*' actions know the end state exactly). */
  set?: { unseen?: number; total?: number };
}

function shiftFolders(folders: readonly Folder[], shifts: readonly CountShift[]): Folder[] {
  return folders.map((folder) => {
    const children = folder.children.length > 0 ? shiftFolders(folder.children, shifts) : folder.children;
    const mine = shifts.filter((shift) => shift.mailboxId === folder.id);
    if (mine.length === 0 && children === folder.children) return folder;
    let { unseen, total } = folder;
    for (const shift of mine) {
      unseen = shift.set?.unseen ?? unseen + (shift.unseen ?? 0);
      total = shift.set?.total ?? total + (shift.total ?? 0);
    }
    total = Math.max(0, total);
    return { ...folder, unseen: Math.min(Math.max(0, unseen), total), total, children };
  });
}

/** The tree with folder counts shifted (never below zero, unseen never above total). */
export function shiftCounts(
  tree: MailboxTreeResponse | undefined,
  shifts: readonly CountShift[],
): MailboxTreeResponse | undefined {
  if (!tree || shifts.length === 0) return tree;
  return { ...tree, mailboxes: shiftFolders(tree.mailboxes, shifts) };
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

/** The count changes of README "Effects per action" (tree column). */
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
