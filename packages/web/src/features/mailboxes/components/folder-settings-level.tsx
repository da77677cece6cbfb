import type { Folder } from '@webmail/contracts';
import type { useFolderReorder } from '../hooks/use-folder-reorder';
import { FolderSettingsRow, type FolderRowActions } from './folder-settings-row';

export const folderListStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

export interface FolderSettingsLevelProps {
  level: readonly Folder[];
  depth: number;
  /** The top level of the system folders: none of them moves. */
  system: boolean;
  actions: FolderRowActions;
  reorder: ReturnType<typeof useFolderReorder>;
}

/**
 * One level of the folders settings tree, its subfolders nested below each row. Only custom folders move, and
 * only among their custom siblings: a system folder keeps its place and is not counted.
 */
export function FolderSettingsLevel({ level, depth, system, actions, reorder }: FolderSettingsLevelProps) {
  const custom = level.filter((folder) => folder.specialUse === null);
  return level.map((folder) => {
    const index = custom.indexOf(folder);
    const isCustom = !system && index !== -1;
    return (
      <li key={folder.id}>
        <FolderSettingsRow
          {...actions}
          folder={folder}
          depth={depth}
          position={isCustom ? { index, count: custom.length } : null}
          dragProps={isCustom ? reorder.rowProps(folder, index) : undefined}
          dropTarget={reorder.over === folder.id}
          dragged={reorder.dragging === folder.id}
        />
        {folder.children.length > 0 && (
          <ul style={folderListStyle}>
            <FolderSettingsLevel
              level={folder.children}
              depth={depth + 1}
              system={false}
              actions={actions}
              reorder={reorder}
            />
          </ul>
        )}
      </li>
    );
  });
}
