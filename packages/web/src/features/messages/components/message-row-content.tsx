import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MessageSummary } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';
import { isUnread, subjectLabel } from '../lib/message-labels';
import type { ParticipantName } from '../lib/participant-names';
import { Tooltip } from '../../../shared/ui/tooltip';

export interface MessageRowContentProps {
  message: MessageSummary;
  party: string;
  /** A conversation's participants, each bold when unread; else the row shows `party`. */
  names: ParticipantName[] | null;
  /** As the list shows it, and in full (the tooltip). */
  date: string;
  fullDate: string;
  lines: 1 | 2;
}

/** A conversation's message count beside the party ("Bob, me (3)"), as mail clients show it. */
function ConversationCount({ message }: { message: MessageSummary }) {
  const { t } = useTranslation('messages');
  const count = message.conversation?.count ?? 1;
  if (count < 2) return null;
  return (
    <Typography
      component="span"
      aria-hidden
      variant="caption"
      sx={{ flexShrink: 0, color: 'text.secondary' }}
    >
      {t('list.conversationCount', { count })}
    </Typography>
  );
}

/** The party: the participants' names, unread ones bold, or the sender (recipients) in the row's weight. */
function Party({ party, names }: { party: string; names: ParticipantName[] | null }) {
  if (!names) return party;
  return names.map((name, i) => (
    <Box component="span" key={i} sx={{ fontWeight: 400 }}>
      {i > 0 && ', '}
      {'gap' in name ? (
        '…'
      ) : (
        <Box
          component="span"
          data-unread={name.unseen || undefined}
          sx={{ fontWeight: name.unseen ? 700 : 400, color: name.unseen ? 'text.primary' : 'inherit' }}
        >
          {name.text}
        </Box>
      )}
    </Box>
  ));
}

interface RowDateProps {
  message: MessageSummary;
  date: string;
  fullDate: string;
  unread: boolean;
}

function RowDate({ message, date, fullDate, unread }: RowDateProps) {
  return (
    <Tooltip title={fullDate} describeChild>
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
  );
}

const attachment = (
  <AttachFileIcon aria-hidden sx={{ fontSize: 16, color: 'text.secondary', transform: 'rotate(45deg)' }} />
);

/** Party, subject with the preview, date and markers of a row: on two lines, or on one in compact density. */
export function MessageRowContent(props: MessageRowContentProps) {
  const { message, party, names, date, fullDate, lines } = props;
  const { t } = useTranslation('messages');
  const unread = isUnread(message);
  const weight = unread ? 700 : 400;
  // Subject, then the body's first words in the secondary colour, on one line cut with an ellipsis.
  const subject = (
    <Typography noWrap variant="body2" sx={{ flex: 1, minWidth: 0, color: 'text.secondary' }}>
      <Box component="span" sx={{ fontWeight: weight, color: unread ? 'text.primary' : 'text.secondary' }}>
        {subjectLabel(message.subject, t)}
      </Box>
      {message.preview && ` – ${message.preview}`}
    </Typography>
  );

  if (lines === 1) {
    return (
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography
          noWrap
          sx={{ width: { xs: 96, sm: 160 }, flexShrink: 0, fontWeight: weight, fontSize: 14 }}
        >
          <Party party={party} names={names} />
        </Typography>
        <ConversationCount message={message} />
        {subject}
        {message.hasAttachments && attachment}
        <RowDate message={message} date={date} fullDate={fullDate} unread={unread} />
      </Box>
    );
  }
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
        <Typography noWrap sx={{ minWidth: 0, fontWeight: weight, fontSize: 15 }}>
          <Party party={party} names={names} />
        </Typography>
        <ConversationCount message={message} />
        <Box sx={{ flex: 1 }} />
        <RowDate message={message} date={date} fullDate={fullDate} unread={unread} />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.25 }}>
        {subject}
        {message.hasAttachments && attachment}
      </Box>
    </Box>
  );
}
