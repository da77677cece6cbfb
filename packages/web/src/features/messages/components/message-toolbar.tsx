import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useRef, useState } from 'react';
import { useShortcuts } from '../../../shared/ui/use-shortcuts';
import { useTranslation } from '../../../shared/i18n/translation';
import type { MessageAction } from '../actions/message-actions';
import type { ExtraMailAction, MessageRef } from './extra-mail-actions';
import { MoreActionsMenu, type MoveTarget } from './more-actions-menu';
import { Tooltip } from '../../../shared/ui/tooltip';

export interface MessageToolbarProps {
  /** "3 selected" or "All 120 selected". */
  label: string;
  /** The available actions, in registry order. */
  actions: MessageAction[];
  moveTargets: MoveTarget[];
  onAction: (action: MessageAction, moveToTarget?: string) => void;
  /** Actions of features above (snooze), with the selection's messages; `done` clears the selection. */
  extras?: { actions: ExtraMailAction[]; refs: readonly MessageRef[]; done: () => void };
}

/** 48 px on phones (touch), 40 px with a mouse. */
const touchTarget = { width: { xs: 48, sm: 40 }, height: { xs: 48, sm: 40 } };

/**
 * On a phone the header is ~360 px: the check box, the label and at most this many 48 px buttons plus More fit
 * without cutting the label ("2 sel…"); the other toolbar actions go to the top of the More menu.
 */
export const phoneToolbarButtons = 2;

/**
 * The selection's actions (registry `placement: toolbar`) and the more-menu (the rest, and move to a folder);
 * `v` and `l` open the folder picker for the selection.
 */
export function MessageToolbar({ label, actions, moveTargets, onAction, extras }: MessageToolbarProps) {
  const { t } = useTranslation('messages');
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [moveOnly, setMoveOnly] = useState(false);
  const moreButton = useRef<HTMLButtonElement>(null);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const toolbarActions = actions.filter((action) => action.placement === 'toolbar');
  // On a phone there is no room for more buttons: the extra actions head the More menu instead.
  const extraActions = phone ? [] : (extras?.actions ?? []);
  const extraItems =
    phone && extras
      ? extras.actions.map((action) => ({
          action,
          open: (anchor: HTMLElement | null) => action.open(extras.refs, anchor, extras.done),
        }))
      : [];
  const shown = phone ? phoneToolbarButtons : toolbarActions.length;
  const buttons = toolbarActions.slice(0, shown);
  const menuActions = [
    ...toolbarActions.slice(shown),
    ...actions.filter((action) => action.placement === 'menu'),
  ];
  const pickFolder =
    menuActions.some((action) => action.id === 'move') && moveTargets.length > 0
      ? () => {
          setMoveOnly(true);
          setMenuAnchor(moreButton.current);
        }
      : null;
  useShortcuts({ moveTo: pickFolder, label: pickFolder });

  return (
    <Box
      role="toolbar"
      aria-label={t('selection.toolbar')}
      sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 0.25 }}
    >
      <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 'min-content', fontWeight: 500 }}>
        {label}
      </Typography>
      {extraActions.map((action) => {
        const Icon = action.icon;
        return (
          <Tooltip key={action.id} title={action.label}>
            <IconButton
              aria-label={action.label}
              aria-haspopup="menu"
              onClick={(event) => extras && action.open(extras.refs, event.currentTarget, extras.done)}
              sx={touchTarget}
            >
              <Icon fontSize="small" />
            </IconButton>
          </Tooltip>
        );
      })}
      {buttons.map((action) => {
        const Icon = action.icon;
        const name = t(action.labelKey);
        return (
          <Tooltip key={action.id} title={name}>
            <IconButton aria-label={name} onClick={() => onAction(action)} sx={touchTarget}>
              <Icon fontSize="small" />
            </IconButton>
          </Tooltip>
        );
      })}
      {menuActions.length + extraItems.length > 0 && (
        <>
          <Tooltip title={t('actions.more')}>
            <IconButton
              ref={moreButton}
              aria-label={t('actions.more')}
              aria-haspopup="menu"
              aria-expanded={menuAnchor ? true : undefined}
              onClick={(event) => setMenuAnchor(event.currentTarget)}
              sx={touchTarget}
            >
              <MoreVertIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <MoreActionsMenu
            anchor={menuAnchor}
            actions={menuActions}
            moveTargets={moveTargets}
            moveOnly={moveOnly}
            onClose={() => {
              setMenuAnchor(null);
              setMoveOnly(false);
            }}
            onAction={onAction}
            leadingItems={extraItems.map(({ action, open }) => {
              const Icon = action.icon;
              return (
                <MenuItem
                  key={action.id}
                  onClick={() => {
                    open(menuAnchor);
                    setMenuAnchor(null);
                  }}
                >
                  <ListItemIcon>
                    <Icon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText>{action.label}</ListItemText>
                </MenuItem>
              );
            })}
          />
        </>
      )}
    </Box>
  );
}
