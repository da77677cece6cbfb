import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Folder } from '@webmail/contracts';
import { useState } from 'react';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { useMailboxTree } from '../api/get-mailbox-tree';
import { useUpdateFolder } from '../api/update-folder';
import { useFolderReorder } from '../hooks/use-folder-reorder';
import { folderDisplayName } from '../lib/folder-display-name';
import { splitTopLevel } from '../lib/folder-tree';
import { DeleteFolderDialog } from './delete-folder-dialog';
import { FolderFormDialog } from './folder-form-dialog';
import { FolderSettingsLevel, folderListStyle } from './folder-settings-level';
import type { FolderRowActions } from './folder-settings-row';
import { snackbarLane } from '../../../shared/snackbar/snackbar-lane';

/** Which form is open: a new folder (`folder: null`) or an existing one. */
type FormTarget = { folder: Folder | null } | null;

/**
 * The folders settings page body (route Folders): system folders first, then custom folders in the
 * user's order; a new-folder button; per folder edit (system folders: retention only), and for custom folders
 * hide/show, delete and reordering among siblings by dragging or the move up/down menu items.
 */
export function FolderSettings({
  retentionOnlySignedIn = false,
}: {
  /** Retention cannot run while the user is away (the mail server gives the webmail no door of its own). */
  retentionOnlySignedIn?: boolean;
}) {
  const userIndex = useUserIndex();
  const { t } = useTranslation(['mailboxes', 'common']);
  const snackbar = useSnackbar();
  const tree = useMailboxTree(userIndex);
  const folders = tree.data ?? [];
  const reorder = useFolderReorder(userIndex, folders);
  const update = useUpdateFolder(userIndex);
  const [form, setForm] = useState<FormTarget>(null);
  const [deleting, setDeleting] = useState<Folder | null>(null);

  const actions: FolderRowActions = {
    onEdit: (folder) => setForm({ folder }),
    onDelete: setDeleting,
    onMove: (folder, toIndex) => reorder.moveTo(folder.id, toIndex),
    onToggleHidden: (folder) =>
      update.mutate(
        { id: folder.id, body: { hidden: !folder.hidden } },
        {
          onSuccess: () =>
            snackbar.show({
              type: 'success',
              message: t(folder.hidden ? 'settings.shown' : 'settings.hiddenDone', {
                name: folderDisplayName(folder, t),
              }),
            }),
        },
      ),
  };

  let body;
  if (tree.data) {
    const { system, custom } = splitTopLevel(tree.data);
    body = (
      <>
        <ul style={folderListStyle} aria-label={t('settings.systemFolders')}>
          <FolderSettingsLevel level={system} depth={0} system actions={actions} reorder={reorder} />
        </ul>
        <Typography
          component="h2"
          variant="subtitle2"
          sx={{ mt: 3, mb: 0.5, px: 1, color: 'text.secondary' }}
        >
          {t('sidebar.customFolders')}
        </Typography>
        {custom.length > 0 ? (
          <ul style={folderListStyle} aria-label={t('sidebar.customFolders')}>
            <FolderSettingsLevel
              level={custom}
              depth={0}
              system={false}
              actions={actions}
              reorder={reorder}
            />
          </ul>
        ) : (
          <Typography sx={{ px: 1, py: 2, color: 'text.secondary' }}>
            {t('settings.noCustomFolders')}
          </Typography>
        )}
        {retentionOnlySignedIn && (
          <Typography variant="body2" sx={{ px: 1, pt: 1.5, color: 'text.secondary' }}>
            {t('settings.retentionOnlySignedIn')}
          </Typography>
        )}
        <Typography
          variant="body2"
          // The page's last line: it may scroll above the snackbars while one shows.
          sx={{ px: 1, pt: 1.5, mb: snackbarLane, color: 'text.secondary' }}
        >
          {t('settings.reorderHint')}
        </Typography>
      </>
    );
  } else if (tree.isError) {
    body = (
      <Box sx={{ py: 2 }}>
        <Typography sx={{ color: 'text.secondary', mb: 1 }}>{t('sidebar.loadFailed')}</Typography>
        <Button variant="outlined" onClick={() => void tree.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Box>
    );
  } else {
    body = (
      <Box aria-busy="true">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={56} />
        ))}
      </Box>
    );
  }

  return (
    <Box>
      <Button
        variant="contained"
        startIcon={<CreateNewFolderOutlinedIcon />}
        onClick={() => setForm({ folder: null })}
        disabled={!tree.data}
        sx={{ mb: 2 }}
      >
        {t('settings.newFolder')}
      </Button>
      {body}
      {form && <FolderFormDialog userIndex={userIndex} folder={form.folder} onClose={() => setForm(null)} />}
      <DeleteFolderDialog userIndex={userIndex} folder={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}
