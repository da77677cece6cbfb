import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/translation';
import { useMailboxTree } from '../api/get-mailbox-tree';
import { useCollapsedFolders } from '../hooks/use-collapsed-folders';
import { splitTopLevel } from '../lib/folder-tree';
import { FolderTreeItem } from './folder-tree-item';

export interface FolderSidebarProps {
  userIndex: number;
  selectedMailboxId: string | undefined;
  /** Called after a folder link is followed (the mobile drawer closes). */
  onNavigate?: () => void;
}

/** Spec §2 folder sidebar: system folders first, then custom folders as a tree. */
export function FolderSidebar({ userIndex, selectedMailboxId, onNavigate }: FolderSidebarProps) {
  const { t } = useTranslation(['mailboxes', 'common']);
  const tree = useMailboxTree(userIndex);
  const { collapsed, toggle } = useCollapsedFolders(userIndex);

  const renderItems = (folders: ReturnType<typeof splitTopLevel>['system']) => (
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
        />
      ))}
    </List>
  );

  let body;
  if (tree.data) {
    const { system, custom } = splitTopLevel(tree.data);
    body = (
      <>
        {renderItems(system)}
        {custom.length > 0 && (
          <>
            <Divider sx={{ my: 1, mx: 2 }} />
            <Typography
              component="h2"
              variant="overline"
              sx={{ display: 'block', px: 2.5, pt: 0.5, color: 'text.secondary', lineHeight: 2.5 }}
            >
              {t('sidebar.customFolders')}
            </Typography>
            {renderItems(custom)}
          </>
        )}
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
    <Box component="nav" aria-label={t('sidebar.label')} sx={{ py: 1 }}>
      {body}
    </Box>
  );
}
