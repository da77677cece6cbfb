import CodeIcon from '@mui/icons-material/Code';
import FilterListIcon from '@mui/icons-material/FilterList';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { MessageDetail, ThreadMessage } from '@webmail/contracts';
import type { ComponentType, ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { composeHref, tabHrefs, type ComposeMode } from '../../../shared/routing/mail-hrefs';
import type { ConversationEnv } from '../lib/conversation-env';

export interface ReplyLink {
  mode: ComposeMode;
  icon: ComponentType<SvgIconProps>;
}

export interface MessageMenuItemsOptions {
  env: ConversationEnv;
  message: ThreadMessage;
  detail: MessageDetail | undefined;
  /** Replies that did not fit the toolbar: they lead the menu. */
  menuReplies: ReplyLink[];
  /** Router state a reply link carries (where to come back to once sent). */
  replyState: unknown;
}

export const replyHref = (env: ConversationEnv, message: ThreadMessage, mode: ComposeMode) =>
  composeHref(env.userIndex, mode, message.mailbox, message.id);

/**
 * The message menu's own entries around the mail actions: the replies the toolbar had no room for first, then
 * "filter messages like this", print, source and open in new tab (the last three open pages of the tab layout in
 * a new browser tab; no "open in new tab" inside such a tab).
 */
export function useMessageMenuItems({
  env,
  message,
  detail,
  menuReplies,
  replyState,
}: MessageMenuItemsOptions) {
  const { t } = useTranslation('reading');
  const { userIndex, inTab } = env;
  const { mailbox, id } = message;

  return (close: () => void): { leading: ReactElement[]; trailing: ReactElement[] } => {
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
    const filterLikeThis = env.filterLikeThis;
    return {
      leading: menuReplies.map(({ mode, icon }) =>
        link(mode, t(`view.${mode}`), replyHref(env, message, mode), icon, false),
      ),
      trailing: [
        ...(filterLikeThis
          ? [
              <MenuItem
                key="filterLikeThis"
                onClick={() => {
                  close();
                  filterLikeThis({ from: detail?.from ?? message.from, listId: detail?.listId ?? null });
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
}
