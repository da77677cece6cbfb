import ForwardIcon from '@mui/icons-material/Forward';
import ReplyAllIcon from '@mui/icons-material/ReplyAll';
import ReplyIcon from '@mui/icons-material/Reply';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { MessageDetail, ThreadMessage } from '@webmail/contracts';
import { useCallback } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { useShortcuts } from '../../../shared/ui/use-shortcuts';
import { composeLinkState } from '../../../shared/routing/compose-link-state';
import type { ComposeMode } from '../../../shared/routing/mail-hrefs';
import { SingleMessageActions } from '../../messages/components/single-message-actions';
import type { ConversationEnv } from '../lib/conversation-env';
import { replyHref as replyHrefOf, useMessageMenuItems, type ReplyLink } from './message-menu-items';
import { Tooltip } from '../../../shared/ui/tooltip';

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

const replies: ReplyLink[] = [
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
  const replyHref = (mode: ComposeMode) => replyHrefOf(env, message, mode);
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

  const menuItems = useMessageMenuItems({
    env,
    message,
    detail,
    menuReplies: compact ? replies.slice(1) : [],
    replyState,
  });

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
