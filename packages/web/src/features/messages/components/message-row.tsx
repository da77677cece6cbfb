import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { MessageSummary } from '@webmail/contracts';
import type { CSSProperties } from 'react';
import { Link as RouterLink } from 'react-router';
import { UserAvatar } from '../../../shared/avatar/user-avatar';
import { formatFullDate, formatListDate } from '../../../shared/format/format-date';
import { useTranslation } from '../../../shared/i18n/translation';
import { rowLabel, rowParty, subjectLabel } from '../lib/message-labels';
import { FlagButton } from './flag-button';

export const messageRowHeight = 76;

export interface MessageRowProps {
  message: MessageSummary;
  href: string;
  selected: boolean;
  showRecipients: boolean;
  position: number;
  setSize: number;
  style: CSSProperties;
  onToggleFlag: (message: MessageSummary) => void;
}

/** One message of the list: avatar, party, subject, date; unread rows bold. */
export function MessageRow(props: MessageRowProps) {
  const { message, href, selected, showRecipients, position, setSize, style, onToggleFlag } = props;
  const { t, i18n } = useTranslation('messages');
  const party = rowParty(message, showRecipients, t);
  const date = formatListDate(message.date, i18n.resolvedLanguage ?? i18n.language);
  const label = rowLabel(message, party, date, t);
  const avatarSource = showRecipients ? message.to[0] : message.from;
  const unread = !message.seen;

  return (
    <Box
      component="li"
      aria-label={label}
      aria-posinset={position}
      aria-setsize={setSize}
      style={style}
      sx={(theme) => ({
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        height: messageRowHeight,
        display: 'flex',
        alignItems: 'center',
        listStyle: 'none',
        borderBottom: `1px solid ${theme.palette.divider}`,
        bgcolor: selected
          ? alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.16 : 0.08)
          : 'transparent',
        '&:hover': { bgcolor: selected ? undefined : theme.palette.action.hover },
      })}
    >
      <Box
        component={RouterLink}
        to={href}
        aria-label={label}
        aria-current={selected ? 'page' : undefined}
        sx={{
          flex: 1,
          minWidth: 0,
          height: '100%',
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          pl: 2,
          pr: 0.5,
          color: 'inherit',
          textDecoration: 'none',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        <UserAvatar name={avatarSource?.name} address={avatarSource?.address} size={40} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
            <Typography noWrap sx={{ flex: 1, fontWeight: unread ? 700 : 400, fontSize: 15 }}>
              {party}
            </Typography>
            <Tooltip title={formatFullDate(message.date)} describeChild>
              <Typography
                component="time"
                dateTime={message.date}
                variant="caption"
                sx={{
                  flexShrink: 0,
                  fontWeight: unread ? 700 : 400,
                  color: unread ? 'text.primary' : 'text.secondary',
                }}
              >
                {date}
              </Typography>
            </Tooltip>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.25 }}>
            <Typography
              noWrap
              variant="body2"
              sx={{
                flex: 1,
                fontWeight: unread ? 700 : 400,
                color: unread ? 'text.primary' : 'text.secondary',
              }}
            >
              {subjectLabel(message.subject, t)}
            </Typography>
            {message.hasAttachments && (
              <AttachFileIcon
                aria-hidden
                sx={{ fontSize: 16, color: 'text.secondary', transform: 'rotate(45deg)' }}
              />
            )}
          </Box>
        </Box>
      </Box>
      <Box sx={{ pr: 1 }}>
        <FlagButton flagged={message.flagged} onToggle={() => onToggleFlag(message)} />
      </Box>
    </Box>
  );
}
