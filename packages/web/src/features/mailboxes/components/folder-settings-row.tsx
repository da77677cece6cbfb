import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { dayMs, type Folder } from '@webmail/contracts';
import { Fragment, useId, useState, type DragEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { folderDisplayName } from '../lib/folder-display-name';
import { indentLevel } from '../lib/folder-tree';
import { FolderIcon } from './folder-icon';

export interface FolderRowActions {
  onEdit: (folder: Folder) => void;
  onToggleHidden: (folder: Folder) => void;
  onDelete: (folder: Folder) => void;
  onMove: (folder: Folder, toIndex: number) => void;
}

export interface FolderSettingsRowProps extends FolderRowActions {
  folder: Folder;
  depth: number;
  /** Place among the custom siblings, and how many there are; null for a system folder. */
  position: { index: number; count: number } | null;
  /** Drag-and-drop handlers of a custom folder's row. */
  dragProps?: {
    draggable: boolean;
    onDragStart: (event: DragEvent) => void;
    onDragEnd: () => void;
    onDragOver: (event: DragEvent) => void;
    onDragLeave: (event: DragEvent) => void;
    onDrop: (event: DragEvent) => void;
  };
  dropTarget: boolean;
  dragged: boolean;
}

/** One folder in the folders settings: name, counts, settings and its actions. */
export function FolderSettingsRow(props: FolderSettingsRowProps) {
  const { folder, depth, position, dragProps, dropTarget, dragged } = props;
  const { t } = useTranslation('mailboxes');
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const name = folderDisplayName(folder, t);
  const details = [
    t('count.unseen', { count: folder.unseen }),
    t('count.total', { count: folder.total }),
    ...(folder.retention !== null
      ? [t('settings.deletedAfter', { count: Math.round(folder.retention / dayMs) })]
      : []),
    ...(folder.hidden ? [t('settings.hidden')] : []),
  ];

  const act = (action: () => void) => () => {
    setMenuAnchor(null);
    action();
  };

  return (
    <Box
      {...dragProps}
      data-drop-target={dropTarget || undefined}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        minHeight: 56,
        pr: 1,
        pl: `${8 + indentLevel(depth) * 24}px`,
        borderBottom: 1,
        borderColor: 'divider',
        opacity: dragged ? 0.5 : 1,
        outline: dropTarget ? 2 : 0,
        outlineColor: 'primary.main',
        outlineOffset: -2,
        bgcolor: dropTarget ? 'action.hover' : undefined,
      }}
    >
      <Box
        sx={{ width: 24, display: 'flex', color: 'text.disabled', cursor: dragProps ? 'grab' : undefined }}
      >
        {dragProps && <DragIndicatorIcon fontSize="small" aria-hidden />}
      </Box>
      <FolderIcon folder={folder} aria-hidden sx={{ color: 'text.secondary' }} />
      <Box sx={{ flex: 1, minWidth: 0, py: 0.75 }}>
        <Typography noWrap sx={{ color: folder.hidden ? 'text.secondary' : 'text.primary' }}>
          {name}
        </Typography>
        {/* Wraps between its parts on a narrow screen instead of cutting the counts ("25 unread · 5 0…"). */}
        <Typography variant="body2" data-folder-details="" sx={{ color: 'text.secondary' }}>
          {details.map((part, index) => (
            <Fragment key={part}>
              {index > 0 && ' · '}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {part}
              </Box>
            </Fragment>
          ))}
        </Typography>
      </Box>
      <IconButton aria-label={t('settings.edit', { name })} onClick={() => props.onEdit(folder)}>
        <EditOutlinedIcon fontSize="small" />
      </IconButton>
      {position && (
        <>
          <IconButton
            aria-label={t('settings.moreActions', { name })}
            aria-haspopup="menu"
            aria-controls={menuAnchor ? menuId : undefined}
            aria-expanded={menuAnchor ? true : undefined}
            onClick={(event) => setMenuAnchor(event.currentTarget)}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
          <Menu
            id={menuId}
            anchorEl={menuAnchor}
            open={menuAnchor !== null}
            onClose={() => setMenuAnchor(null)}
          >
            <MenuItem
              disabled={position.index === 0}
              onClick={act(() => props.onMove(folder, position.index - 1))}
            >
              <ListItemIcon>
                <ArrowUpwardIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('settings.moveUp')}</ListItemText>
            </MenuItem>
            <MenuItem
              disabled={position.index === position.count - 1}
              onClick={act(() => props.onMove(folder, position.index + 1))}
            >
              <ListItemIcon>
                <ArrowDownwardIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('settings.moveDown')}</ListItemText>
            </MenuItem>
            <MenuItem onClick={act(() => props.onToggleHidden(folder))}>
              <ListItemIcon>
                {folder.hidden ? (
                  <VisibilityOutlinedIcon fontSize="small" />
                ) : (
                  <VisibilityOffOutlinedIcon fontSize="small" />
                )}
              </ListItemIcon>
              <ListItemText>{t(folder.hidden ? 'settings.show' : 'settings.hide')}</ListItemText>
            </MenuItem>
            <MenuItem onClick={act(() => props.onDelete(folder))} sx={{ color: 'error.main' }}>
              <ListItemIcon sx={{ color: 'inherit' }}>
                <DeleteOutlinedIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('settings.delete')}</ListItemText>
            </MenuItem>
          </Menu>
        </>
      )}
    </Box>
  );
}
