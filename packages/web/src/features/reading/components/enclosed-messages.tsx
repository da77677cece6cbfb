import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { EnclosedMessage } from '@webmail/contracts';
import { useDateFormat } from '../../../shared/format/format-date';
import { useTranslation } from '../../../shared/i18n/translation';
import { BodyContent } from './body-content';
import { formatAddresses } from './message-recipients';

/**
 * Messages enclosed in the one shown (forwarded inline, a digest's entries, a bounce's original), as mail programs
 * show them: a block per message with its From, To, Cc, Date and Subject, then its body, drawn like any body (the
 * server sanitized its HTML under the same remote-content decision).
 */
export function EnclosedMessages({ enclosed, spaced }: { enclosed: EnclosedMessage[]; spaced: boolean }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: spaced ? 2 : 0 }}>
      {enclosed.map((message) => (
        <Enclosed key={message.part} message={message} />
      ))}
    </Box>
  );
}

function Enclosed({ message }: { message: EnclosedMessage }) {
  const { t } = useTranslation('reading');
  const dates = useDateFormat();
  const lines = [
    { label: t('view.from'), value: message.from ? formatAddresses([message.from]) : t('unknownSender') },
    { label: t('view.to'), value: formatAddresses(message.to) },
    { label: t('view.cc'), value: formatAddresses(message.cc) },
    { label: t('view.date'), value: message.date ? dates.full(message.date) : '' },
    { label: t('view.subject'), value: message.subject || t('noSubject') },
  ].filter((line) => line.value);
  return (
    <Box
      component="section"
      aria-label={t('view.enclosedMessage')}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
    >
      <Box
        component="dl"
        sx={{ m: 0, mb: 1.5, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1 }}
      >
        {lines.map((line) => (
          <Box key={line.label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {line.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {line.value}
            </Typography>
          </Box>
        ))}
      </Box>
      {message.html !== null || message.text ? (
        <BodyContent html={message.html} text={message.text} title={t('view.enclosedFrameTitle')} />
      ) : (
        <Typography sx={{ color: 'text.secondary', fontStyle: 'italic' }}>{t('view.noContent')}</Typography>
      )}
    </Box>
  );
}
