import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Divider from '@mui/material/Divider';
import { useState, type ReactElement } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import type { MessageAction } from '../actions/message-actions';
import { MoveFolderPicker } from './move-folder-picker';

/** A folder messages can be moved to, named and indented by the route (it knows the folder tree). */
export interface MoveTarget {
  id: string;
  name: string;
  depth: number;
}

export interface MoreActionsMenuProps {
  anchor: HTMLElement | null;
  actions: MessageAction[];
  moveTargets: MoveTarget[];
  onClose: () => void;
  onAction: (action: MessageAction, moveToTarget?: string) => void;
  /** Menu items before the actions (the open message's reply-all and forward on phones). */
  leadingItems?: ReactElement[];
  /** Menu items after them, below a divider (the open message's print, source and new tab). */
  trailingItems?: ReactElement[];
  /** Opens straight on the folder picker (the `v` and `l` shortcuts). */
  moveOnly?: boolean;
}

/**
 * The toolbar's overflow: the menu actions; "Move to…" closes the menu and opens the folder picker in its place.
 * Focus goes back to the menu's button when either closes without acting.
 */
export function MoreActionsMenu({
  anchor,
  actions,
  moveTargets,
  onClose,
  onAction,
  leadingItems = [],
  trailingItems = [],
  moveOnly = false,
}: MoreActionsMenuProps) {
  const { t } = useTranslation('messages');
  const [picking, setPicking] = useState(false);
  const close = () => {
    setPicking(false);
    onClose();
  };
  const choose = (action: MessageAction, target?: string) => {
    close();
    onAction(action, target);
  };
  const move = actions.find((action) => action.id === 'move');

  const items = [
    ...leadingItems,
    ...actions.map((action) => {
      const Icon = action.icon;
      const isMove = action.id === 'move';
      if (isMove && moveTargets.length === 0) return null;
      return (
        <MenuItem
          key={action.id}
          onClick={() => (isMove ? setPicking(true) : choose(action))}
          aria-haspopup={isMove ? 'dialog' : undefined}
        >
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{isMove ? t('actions.moveTo') : t(action.labelKey)}</ListItemText>
        </MenuItem>
      );
    }),
    ...(trailingItems.length > 0 ? [<Divider key="trailing-divider" />, ...trailingItems] : []),
  ];

  if (anchor && move && (picking || moveOnly) && moveTargets.length > 0) {
    return (
      <MoveFolderPicker
        anchor={anchor}
        targets={moveTargets}
        onChoose={(target) => choose(move, target)}
        onClose={close}
      />
    );
  }
  return (
    <Menu anchorEl={anchor} open={anchor !== null && !moveOnly} onClose={close}>
      {items}
    </Menu>
  );
}
