import CodeIcon from '@mui/icons-material/Code';
import FilterListIcon from '@mui/icons-material/FilterList';
import ForwardIcon from '@mui/icons-material/Forward';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import ReplyAllIcon from '@mui/icons-material/ReplyAll';
import ReplyIcon from '@mui/icons-material/Reply';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Tooltip from '@mui/material/Tooltip';
import type { MessageDetail, ThreadMessage } from '@webmail/contracts';
import { useCallback, type ComponentType } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { useShortcuts } from '../../../shared/ui/use-shortcuts';
import { composeLinkState } from '../../../shared/routing/compose-link-state';
import { composeHref, tabHrefs, type ComposeMode } from '../../../shared/routing/mail-hrefs';
import { SingleMessageActions } from '../../messages/components/single-message-actions';
import type { ConversationEnv } from '../lib/conversation-env';

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
 * menu with the mail actions (the messages feature's, for a selection of this one message), then print, source
 * and open in new tab (pages of the tab layout). "Mark as unread" leaves the addressed message for the list, as
 * reading it on would mark it read again; another message of the thread folds to its summary line. Moving or
 * deleting the addressed message goes where the General settings say (`env.afterRemoveHref`, the mass action
 * leaves to it).
 */
export function MessageActionsBar({
  env,
  message,
  detail,
  compact,
  addressed,
  onCollapse,
}: MessageActionsBarProps) {
  const { t } = useTranslation('reading');
  const navigate = useNavigate();
  const location = useLocation();
  const { userIndex, listHref, inTab } = env;
  // A reply comes back to this conversation once it is sent (the sent copy then shows in it), not to the folder.
  const replyState = composeLinkState(`${location.pathname}${location.search}`);
  const replyHref = (mode: ComposeMode) => composeHref(userIndex, mode, message.mailbox, message.id);
  const inToolbar = compact ? replies.slice(0, 1) : replies;
  const reply = (mode: ComposeMode) => () => void navigate(replyHref(mode), { state: replyState });
  // r, a, f and the action keys answer the message the address names (the one the list opened).
  useShortcuts(
    addressed ? { reply: reply('reply'), replyAll: reply('replyAll'), forward: reply('forward') } : {},
    1,
  );
  const flags = { seen: detail?.seen ?? message.seen, flagged: detail?.flagged ?? message.flagged };

  const onPerformed = useCallback(
    (actionId: string) => {
      if (actionId !== 'unseen') return;
      if (addressed && !inTab) void navigate(listHref);
      else onCollapse();
    },
    [addressed, inTab, listHref, navigate, onCollapse],
  );

  const menuItems = (close: () => void) => {
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
        {...(newTab ? { href, target: '_blank', rel: 'noopener' } : { to: href, state: replyState })}
        onClick={close}
      >
        <ListItemIcon>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{label}</ListItemText>
      </MenuItem>
    );
    const { mailbox, id } = message;
    return {
      leading: compact
        ? replies
            .slice(1)
            .map(({ mode, icon }) => link(mode, t(`view.${mode}`), replyHref(mode), icon, false))
        : [],
      trailing: [
        ...(env.filterLikeThis
          ? [
              <MenuItem
                key="filterLikeThis"
                onClick={() => {
                  close();
                  env.filterLikeThis?.({
                    from: detail?.from ?? message.from,
                    listId: detail?.listId ?? null,
                  });
                }}
              >
                <ListItemIcon>
                  <FilterListIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText>{t('view.filterLikeThis')}</ListItemText>
              </MenuItem>,
            ]
          : []),
        link('print', t('view.print'), tabHrefs.print(userIndex, mailbox, id), PrintOutlinedIcon, true),
        link('source', t('view.source'), tabHrefs.source(userIndex, mailbox, id), CodeIcon, true),
        ...(inTab
          ? []
          : [
              link(
                'tab',
                t('view.openInNewTab'),
                tabHrefs.thread(userIndex, mailbox, env.threadId, id),
                OpenInNewIcon,
                true,
              ),
            ]),
      ],
    };
  };

  return (
    <Box role="toolbar" aria-label={t('view.messageActions')} sx={{ display: 'flex', alignItems: 'center' }}>
      <SingleMessageActions
        userIndex={userIndex}
        message={message}
        threadId={env.threadId}
        flags={flags}
        folder={env.folderOf(message.mailbox)}
        moveTargets={env.moveTargets}
        leaveHref={inTab ? undefined : env.afterRemoveHref}
        onPerformed={onPerformed}
        menuItems={menuItems}
        keyboard={addressed}
      >
        {inToolbar.map(({ mode, icon: Icon }) => (
          <Tooltip key={mode} title={t(`view.${mode}`)}>
            <IconButton
              component={RouterLink}
              to={replyHref(mode)}
              state={replyState}
              aria-label={t(`view.${mode}`)}
              sx={touchTarget}
            >
              <Icon fontSize="small" />
            </IconButton>
          </Tooltip>
        ))}
      </SingleMessageActions>
    </Box>
  );
}
