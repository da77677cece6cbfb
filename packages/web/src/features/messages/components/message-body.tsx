import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MessageDetail } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';
import { MessageHtmlFrame } from './message-html-frame';

/** The body: sanitized HTML in the sandboxed frame, else the plain text, with a note when remote content was hidden. */
export function MessageBody({ message }: { message: MessageDetail }) {
  const { t } = useTranslation('messages');
  return (
    <Box sx={{ mt: 3 }}>
      {message.remoteContentBlocked && (
        // The "show remote content" action arrives with the external-content settings.
        <Alert severity="info" icon={<InfoOutlinedIcon fontSize="inherit" />} sx={{ mb: 2 }}>
          {t('view.remoteContentBlocked')}
        </Alert>
      )}
      {message.html !== null ? (
        <Box
          sx={{
            borderRadius: 2,
            overflow: 'hidden',
            bgcolor: '#fff',
            p: (theme) => (theme.palette.mode === 'dark' ? 2 : 0),
          }}
        >
          <MessageHtmlFrame html={message.html} title={t('view.bodyFrameTitle')} />
        </Box>
      ) : message.text ? (
        <Typography
          component="pre"
          sx={{
            m: 0,
            fontFamily: 'inherit',
            fontSize: 14,
            lineHeight: 1.6,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {message.text}
        </Typography>
      ) : (
        <Typography sx={{ color: 'text.secondary', fontStyle: 'italic' }}>{t('view.noContent')}</Typography>
      )}
    </Box>
  );
}
