import ForwardIcon from '@mui/icons-material/Forward';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import ReplyAllIcon from '@mui/icons-material/ReplyAll';
import ReplyIcon from '@mui/icons-material/Reply';
import CodeIcon from '@mui/icons-material/Code';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Tooltip from '@mui/material/Tooltip';
import type { MessageDetail, ThreadMessage } from '@webmail/contracts';
import { useState, type ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { composeHref, tabHrefs, type ComposeMode } from '../api/message-paths';
import { useMessageActions } from '../hooks/use-message-actions';
import type { ConversationEnv } from '../lib/conversation-env';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { FlagButton } from './flag-button';
import { MoreActionsMenu } from './more-actions-menu';

export interface MessageActionsBarProps {
  env: ConversationEnv;
  message: ThreadMessage;
  detail: MessageDetail | undefined;
  /** Narrow conversation: reply all and forward move into the menu. */
  compact: boolean;
  addressed: boolean;
  onCollapse: () => void;
}

/** 48 px on phones (touch), 40 px with a mouse. */
const touchTarget = { width: { xs: 48, sm: 40 }, height: { xs: 48, sm: 40 } };

const replies: { mode: ComposeMode; icon: ComponentType<SvgIconProps> }[] = [
  { mode: 'reply', icon: ReplyIcon },
  { mode: 'replyAll', icon: ReplyAllIcon },
  { mode: 'forward', icon: ForwardIcon },
];

/**
 * A message's toolbar: reply, reply all, forward (on phones the last two move into the menu), the star and the
 * menu with the registry's actions, then print, source and open in new tab (pages of the tab layout).
 */
export function MessageActionsBar({
  env,
  message,
  detail,
  compact,
  addressed,
  onCollapse,
}: MessageActionsBarProps) {
  const { t } = useTranslation('messages');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions = useMessageActions(env, message, detail, { addressed, onCollapse });
  const { userIndex } = env;
  const closeMenu = () => setAnchor(null);
  const replyHref = (mode: ComposeMode) => composeHref(userIndex, mode, message.mailbox, message.id);
  const inToolbar = compact ? replies.slice(0, 1) : replies;

  const link = (
    key: string,
    label: string,
    href: string,
    Icon: ComponentType<SvgIconProps>,
    newTab: boolean,
  ) => (
    <MenuItem
      key={key}
      component={newTab ? 'a' : RouterLink}
      {...(newTab ? { href, target: '_blank', rel: 'noopener' } : { to: href })}
      onClick={closeMenu}
    >
      <ListItemIcon>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
  const leadingItems = compact
    ? replies.slice(1).map(({ mode, icon }) => link(mode, t(`view.${mode}`), replyHref(mode), icon, false))
    : [];
  const trailingItems = [
    link(
      'print',
      t('view.print'),
      tabHrefs.print(userIndex, message.mailbox, message.id),
      PrintOutlinedIcon,
      true,
    ),
    link('source', t('view.source'), tabHrefs.source(userIndex, message.mailbox, message.id), CodeIcon, true),
    ...(env.inTab
      ? []
      : [
          link(
            'tab',
            t('view.openInNewTab'),
            tabHrefs.thread(userIndex, message.mailbox, env.threadId, message.id),
            OpenInNewIcon,
            true,
          ),
        ]),
  ];

  return (
    <Box role="toolbar" aria-label={t('view.messageActions')} sx={{ display: 'flex', alignItems: 'center' }}>
      <FlagButton size="small" flagged={actions.flagged} onToggle={actions.toggleFlag} />
      {inToolbar.map(({ mode, icon: Icon }) => (
        <Tooltip key={mode} title={t(`view.${mode}`)}>
          <IconButton
            component={RouterLink}
            to={replyHref(mode)}
            aria-label={t(`view.${mode}`)}
            sx={touchTarget}
          >
            <Icon fontSize="small" />
          </IconButton>
        </Tooltip>
      ))}
      <Tooltip title={t('actions.more')}>
        <IconButton
          aria-label={t('actions.more')}
          aria-haspopup="menu"
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={touchTarget}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <MoreActionsMenu
        anchor={anchor}
        actions={actions.actions}
        moveTargets={actions.moveTargets}
        onClose={closeMenu}
        onAction={actions.perform}
        leadingItems={leadingItems}
        trailingItems={trailingItems}
      />
      <ConfirmDeleteDialog {...actions.confirm} />
    </Box>
  );
}
