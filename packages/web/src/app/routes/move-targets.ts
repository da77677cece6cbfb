import type { Folder } from '@webmail/contracts';
import { folderDisplayName } from '../../features/mailboxes/lib/folder-display-name';
import { splitTopLevel } from '../../features/mailboxes/lib/folder-tree';
import type { MoveTarget } from '../../features/messages/components/more-actions-menu';
import type { TFunction } from '../../shared/i18n/translation';

/**
 * The "Move to…" choices: folders in sidebar order, children under their parents, hidden ones left out (the
 * sidebar does not link them). Composed here because it joins two features: the tree (mailboxes) and the menu
 * (messages).
 */
export function moveTargetsOf(
  folders: readonly Folder[],
  t: TFunction<'mailboxes'>,
  depth = 0,
): MoveTarget[] {
  const top = depth === 0 ? splitTopLevel(folders) : null;
  const ordered = top ? [...top.system, ...top.custom] : folders;
  return ordered
    .filter((folder) => !folder.hidden)
    .flatMap((folder) => [
      { id: folder.id, name: folderDisplayName(folder, t), depth },
      ...moveTargetsOf(folder.children, t, depth + 1),
    ]);
}
