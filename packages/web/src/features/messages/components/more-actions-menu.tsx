import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Divider from '@mui/material/Divider';
import { useState, type ReactElement } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import type { MessageAction } from '../actions/message-actions';

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
}

/** The toolbar's overflow: the menu actions; "Move to…" swaps the menu's content for the folder list. */
export function MoreActionsMenu({
  anchor,
  actions,
  moveTargets,
  onClose,
  onAction,
  leadingItems = [],
  trailingItems = [],
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

  const items = picking
    ? [
        <ListSubheader key="heading">{t('actions.moveTo')}</ListSubheader>,
        ...moveTargets.map((target) => (
          <MenuItem
            key={target.id}
            onClick={() => move && choose(move, target.id)}
            sx={{ pl: 2 + 2 * target.depth }}
          >
            {target.name}
          </MenuItem>
        )),
      ]
    : [
        ...leadingItems,
        ...actions.map((action) => {
          const Icon = action.icon;
          const isMove = action.id === 'move';
          if (isMove && moveTargets.length === 0) return null;
          return (
            <MenuItem
              key={action.id}
              onClick={() => (isMove ? setPicking(true) : choose(action))}
              aria-haspopup={isMove ? 'menu' : undefined}
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

  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
      {items}
    </Menu>
  );
}
