import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { formatCount, type Folder } from '@webmail/contracts';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { useLocale } from '../../../shared/i18n/use-locale';
import { folderHref } from '../../../shared/routing/mail-hrefs';
import { useMessageDropTarget, type DropMessagesHandler } from '../hooks/use-message-drop-target';
import { folderDisplayName } from '../lib/folder-display-name';
import { folderCount, indentLevel } from '../lib/folder-tree';
import { FolderIcon } from './folder-icon';

export interface FolderTreeItemProps {
  folder: Folder;
  depth: number;
  userIndex: number;
  selectedId: string | undefined;
  collapsed: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onNavigate?: () => void;
  /** Messages dropped on this folder (a drop target); without it folders are no drop targets. */
  onDropMessages?: DropMessagesHandler;
}

const indentStep = 16;
const toggleWidth = 28;

/** One folder row of the sidebar (a link and a drop target for messages) and, when expanded, its children. */
export function FolderTreeItem(props: FolderTreeItemProps) {
  const { folder, depth, userIndex, selectedId, collapsed, onToggle, onNavigate, onDropMessages } = props;
  const { t } = useTranslation('mailboxes');
  const locale = useLocale();
  // The open folder is where list drags start: it is not a target for its own messages.
  const drop = useMessageDropTarget(userIndex, folder.id, selectedId, onDropMessages);
  const hasChildren = folder.children.length > 0;
  const isCollapsed = hasChildren && collapsed.has(folder.id);
  const count = folderCount(folder, isCollapsed);
  const name = folderDisplayName(folder, t);
  const selected = folder.id === selectedId;
  const bold = folder.unseen > 0 && folder.specialUse !== 'trash';
  // The visible count is a bare number; the accessible name ("Inbox, 3 unread") starts with the visible name and
  // says what the count counts.
  const countText = count
    ? count.kind === 'unseen'
      ? t('count.unseen', { count: count.value })
      : t('count.total', { count: count.value })
    : null;
  const accessibleName = countText ? `${name}, ${countText}` : name;

  const content = (
    <>
      <FolderIcon
        folder={folder}
        aria-hidden
        sx={{ mr: 1.75, color: selected ? 'inherit' : 'text.secondary' }}
      />
      <Typography
        noWrap
        variant="body2"
        title={name}
        sx={{ flex: 1, fontWeight: bold ? 700 : 400, color: 'inherit' }}
      >
        {name}
      </Typography>
      {/* A space between name and count, as the name has it: the visible text reads "Inbox 3", not "Inbox3". */}
      {count && ' '}
      {count && (
        <Typography
          aria-hidden
          variant="caption"
          sx={{ ml: 1, fontWeight: count.kind === 'unseen' ? 700 : 400, fontSize: 12, color: 'inherit' }}
        >
          {formatCount(count.value, locale)}
        </Typography>
      )}
    </>
  );

  const rowSx = {
    minHeight: 32,
    py: 0.25,
    pl: 1,
    pr: 2,
    borderRadius: '0 16px 16px 0',
    flex: 1,
    minWidth: 0,
  };

  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Box
        data-indent={indentLevel(depth)}
        data-drop-target={drop.over || undefined}
        {...drop.handlers}
        sx={{ display: 'flex', alignItems: 'center', pl: `${indentLevel(depth) * indentStep}px`, pr: 1 }}
      >
        <Box sx={{ width: toggleWidth, flexShrink: 0, display: 'flex', justifyContent: 'center' }}>
          {hasChildren && (
            <IconButton
              size="small"
              aria-label={isCollapsed ? t('sidebar.expand', { name }) : t('sidebar.collapse', { name })}
              aria-expanded={!isCollapsed}
              onClick={() => onToggle(folder.id)}
              sx={{ p: 0.25 }}
            >
              <ArrowDropDownIcon
                fontSize="small"
                sx={{ transition: 'transform 150ms', transform: isCollapsed ? 'rotate(-90deg)' : 'none' }}
              />
            </IconButton>
          )}
        </Box>
        <ListItemButton
          component={RouterLink}
          to={folderHref(userIndex, folder.id)}
          selected={selected}
          aria-current={selected ? 'page' : undefined}
          aria-label={accessibleName}
          onClick={onNavigate}
          sx={{
            ...rowSx,
            ...(drop.over && {
              bgcolor: 'action.selected',
              outline: 2,
              outlineColor: 'primary.main',
              outlineOffset: -2,
            }),
          }}
        >
          {content}
        </ListItemButton>
      </Box>
      {hasChildren && !isCollapsed && (
        <List disablePadding>
          {folder.children.map((child) => (
            <FolderTreeItem key={child.id} {...props} folder={child} depth={depth + 1} />
          ))}
        </List>
      )}
    </Box>
  );
}
