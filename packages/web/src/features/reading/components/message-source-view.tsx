import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { useTranslation } from '../../../shared/i18n/translation';
import { PaneLoader } from '../../../shared/ui/pane-loader';
import { useMessageSource } from '../api/get-message-source';
import { sourceDownloadUrl } from '../api/download-urls';

export interface MessageSourceViewProps {
  userIndex: number;
  mailboxId: string;
  messageId: number;
}

/** Route MailboxSource: the raw RFC 822 message as the server stores it, and an `.eml` download. */
export function MessageSourceView({ userIndex, mailboxId, messageId }: MessageSourceViewProps) {
  const { t } = useTranslation(['reading', 'common']);
  const source = useMessageSource(userIndex, mailboxId, messageId);

  let body;
  if (source.data !== undefined) {
    body = (
      <Box
        component="pre"
        tabIndex={0}
        aria-label={t('source.text')}
        sx={{
          m: 0,
          p: { xs: 1.5, sm: 2 },
          fontFamily: '"Roboto Mono", ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: 13,
          lineHeight: 1.5,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          bgcolor: 'action.hover',
          borderRadius: 2,
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
        }}
      >
        {source.data}
      </Box>
    );
  } else if (source.isError) {
    const notFound = isApiRequestError(source.error) && source.error.status === 404;
    body = (
      <Box sx={{ textAlign: 'center', py: 6 }}>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>
          {notFound ? t('view.notFound') : t('source.loadFailed')}
        </Typography>
        {!notFound && (
          <Button variant="outlined" onClick={() => void source.refetch()}>
            {t('common:actions.retry')}
          </Button>
        )}
      </Box>
    );
  } else {
    body = <PaneLoader />;
  }

  return (
    <Box sx={{ px: { xs: 1.5, sm: 3 }, py: 2, maxWidth: 1200, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Typography component="h1" variant="h6" sx={{ flex: 1 }}>
          {t('source.title')}
        </Typography>
        <Button
          component="a"
          href={sourceDownloadUrl(userIndex, mailboxId, messageId)}
          download
          variant="outlined"
          startIcon={<DownloadIcon />}
          sx={{ minHeight: { xs: 48, sm: 36 } }}
        >
          {t('source.download')}
        </Button>
      </Box>
      {body}
    </Box>
  );
}
