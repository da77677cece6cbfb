import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Folder, Quota } from '@webmail/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useMailboxQuota, useMailboxTree } from '../api/get-mailbox-tree';
import { useCollapsedFolders } from '../hooks/use-collapsed-folders';
import type { DropMessagesHandler } from '../hooks/use-message-drop-target';
import { splitTopLevel, withoutHidden } from '../lib/folder-tree';
import { CustomFoldersHeader } from './custom-folders-header';
import { FolderFormDialog } from './folder-form-dialog';
import { FolderTreeItem } from './folder-tree-item';
import { snackbarLane } from '../../../shared/snackbar/snackbar-lane';
import { StorageUsageBar } from './storage-usage-bar';
import { tourAnchor } from '../../../shared/ui/tour-anchors';

export interface FolderSidebarProps {
  userIndex: number;
  selectedMailboxId: string | undefined;
  /** Called after a folder link is followed (the mobile drawer closes). */
  onNavigate?: () => void;
  /** False when the plan disables folder management: no add-folder control and no gear. */
  foldersEnabled?: boolean;
  /** Messages dragged from the list and dropped on a folder. */
  onDropMessages?: DropMessagesHandler;
  /** Shown right under the folders, above the storage bar (the layout puts saved searches and contacts here). */
  below?: ReactNode;
  /**
   * The quota from the user details: the tree right after sign-in answers without it (the server reads it after
   * the first list page), so the bar shows this until the tree has one.
   */
  detailsQuota?: Quota | null;
}

/**
 * The folder sidebar: system folders first, then the add-folder control and the gear to the folders
 * settings, then custom folders as a tree; hidden folders are left out. The storage usage bar sits at the
 * bottom.
 */
export function FolderSidebar(props: FolderSidebarProps) {
  const { userIndex, selectedMailboxId, onNavigate, foldersEnabled = true, onDropMessages, below } = props;
  const { detailsQuota } = props;
  const { t } = useTranslation(['mailboxes', 'common']);
  const tree = useMailboxTree(userIndex);
  const quota = useMailboxQuota(userIndex).data ?? detailsQuota;
  const { collapsed, toggle } = useCollapsedFolders(userIndex);
  const [creating, setCreating] = useState(false);

  const renderItems = (folders: Folder[]) => (
    <List disablePadding>
      {folders.map((folder) => (
        <FolderTreeItem
          key={folder.id}
          folder={folder}
          depth={0}
          userIndex={userIndex}
          selectedId={selectedMailboxId}
          collapsed={collapsed}
          onToggle={toggle}
          onNavigate={onNavigate}
          onDropMessages={onDropMessages}
        />
      ))}
    </List>
  );

  let body;
  if (tree.data) {
    const { system, custom } = splitTopLevel(withoutHidden(tree.data));
    body = (
      <>
        {renderItems(system)}
        {/* Always: with folder management off, the header carries the upgrade-info label. */}
        <Divider sx={{ my: 1, mx: 2 }} />
        <CustomFoldersHeader
          userIndex={userIndex}
          foldersEnabled={foldersEnabled}
          onAdd={() => setCreating(true)}
          onNavigate={onNavigate}
        />
        {renderItems(custom)}
      </>
    );
  } else if (tree.isError) {
    body = (
      <Box sx={{ px: 2.5, py: 2 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('sidebar.loadFailed')}
        </Typography>
        <Button size="small" variant="outlined" onClick={() => void tree.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Box>
    );
  } else {
    body = (
      <Box sx={{ px: 2.5 }} aria-busy="true">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={32} width={`${80 - index * 6}%`} />
        ))}
      </Box>
    );
  }

  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
      <Box component="nav" aria-label={t('sidebar.label')} sx={{ py: 1 }} {...tourAnchor('folders')}>
        {body}
      </Box>
      {below}
      {quota && quota.allowed > 0 && (
        // Above the snackbars while one shows: they would cover the storage line.
        <Box sx={{ mt: 'auto', pb: snackbarLane, transition: 'padding-bottom 150ms' }}>
          <StorageUsageBar quota={quota} />
        </Box>
      )}
      {creating && (
        <FolderFormDialog userIndex={userIndex} folder={null} onClose={() => setCreating(false)} />
      )}
    </Box>
  );
}
