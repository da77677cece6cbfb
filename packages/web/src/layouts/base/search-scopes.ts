import type { Folder } from '@webmail/contracts';
import { folderDisplayName } from '../../features/mailboxes/lib/folder-display-name';
import { splitTopLevel } from '../../features/mailboxes/lib/folder-tree';
import type { ScopeChoice } from '../../features/search/components/search-bar';
import type { TFunction } from '../../shared/i18n/translation';

/**
 * The folders the advanced search offers as its scope (`in:` the folder's path), in sidebar order with children
 * under their parents. Composed here because it joins the tree (mailboxes) and the search bar (search).
 */
export function searchScopesOf(
  folders: readonly Folder[],
  t: TFunction<'mailboxes'>,
  depth = 0,
): ScopeChoice[] {
  const top = depth === 0 ? splitTopLevel(folders) : null;
  const ordered = top ? [...top.system, ...top.custom] : folders;
  return ordered.flatMap((folder) => [
    { value: folder.path, label: folderDisplayName(folder, t), depth },
    ...searchScopesOf(folder.children, t, depth + 1),
  ]);
}
