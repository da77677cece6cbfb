import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { useTranslation } from '../../../shared/i18n/translation';
import { PaneLoader } from '../../../shared/ui/pane-loader';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useMessage } from '../api/get-message';
import { useUpdateMessageFlags, type FolderCountEffects } from '../api/update-message-flags';
import { useMarkSeenOnOpen } from '../hooks/use-mark-seen-on-open';
import { subjectLabel } from '../lib/message-labels';
import { AttachmentList } from './attachment-list';
import { FlagButton } from './flag-button';
import { MessageBody } from './message-body';
import { MessageHeader } from './message-header';

export interface MessageViewProps {
  userIndex: number;
  mailboxId: string;
  messageId: number;
  /** Where the back button leads (the folder's list). */
  backHref: string;
  /** Small screens: the message replaces the list, so a back button is needed. */
  showBack: boolean;
  counts: FolderCountEffects;
}

/** One open message (route MailboxThread). */
export function MessageView({
  userIndex,
  mailboxId,
  messageId,
  backHref,
  showBack,
  counts,
}: MessageViewProps) {
  const { t } = useTranslation(['messages', 'common']);
  const query = useMessage(userIndex, mailboxId, messageId);
  const flags = useUpdateMessageFlags(userIndex, mailboxId, counts);
  const message = query.data;
  useMarkSeenOnOpen(message, flags);
  usePageTitle(message ? subjectLabel(message.subject, t) : '');

  const backButton = showBack && (
    <Tooltip title={t('view.back')}>
      <IconButton component={RouterLink} to={backHref} aria-label={t('view.back')} edge="start">
        <ArrowBackIcon />
      </IconButton>
    </Tooltip>
  );

  let body;
  if (message) {
    body = (
      <>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 400, mb: 2.5, overflowWrap: 'anywhere' }}>
          {subjectLabel(message.subject, t)}
        </Typography>
        <MessageHeader message={message} />
        <MessageBody message={message} />
        <AttachmentList
          userIndex={userIndex}
          mailboxId={mailboxId}
          messageId={message.id}
          attachments={message.attachments}
        />
      </>
    );
  } else if (query.isError) {
    const notFound = isApiRequestError(query.error) && query.error.status === 404;
    body = (
      <Box sx={{ textAlign: 'center', py: 8 }}>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>
          {notFound ? t('view.notFound') : t('view.loadFailed')}
        </Typography>
        {notFound ? (
          <Button component={RouterLink} to={backHref} variant="outlined">
            {t('view.backToList')}
          </Button>
        ) : (
          <Button variant="outlined" onClick={() => void query.refetch()}>
            {t('common:actions.retry')}
          </Button>
        )}
      </Box>
    );
  } else {
    body = <PaneLoader />;
  }

  return (
    <Box
      component="article"
      aria-label={message ? subjectLabel(message.subject, t) : undefined}
      sx={{ flex: 1, minWidth: 0 }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          minHeight: 56,
          px: { xs: 1, md: 2 },
          position: 'sticky',
          top: 0,
          zIndex: 1,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {backButton}
        <Box sx={{ flex: 1 }} />
        {message && (
          <FlagButton
            size="medium"
            flagged={message.flagged}
            onToggle={() => flags.mutate({ messageId: message.id, patch: { flagged: !message.flagged } })}
          />
        )}
      </Box>
      <Box sx={{ px: { xs: 2, md: 3 }, py: 3, maxWidth: 960 }}>{body}</Box>
    </Box>
  );
}
