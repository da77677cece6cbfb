import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MessageDetail } from '@webmail/contracts';
import { useEffect } from 'react';
import { useDateFormat } from '../../../shared/format/format-date';
import { useTranslation } from '../../../shared/i18n/translation';
import { subjectLabel } from '../lib/reading-labels';
import { MessageHtmlFrame } from './message-html-frame';
import { formatAddresses } from './message-recipients';
import { PlainTextBody } from './plain-text-body';

export interface PrintedMessageProps {
  message: MessageDetail;
  /** Called once the body is laid out (an HTML frame when it has loaded). */
  onReady: () => void;
}

/**
 * One message as printed: the headers (from, to, cc, date, subject) and the body, black on white whatever the
 * theme, quotations unfolded. The HTML body keeps its frame (and CSP): printing is no reason to trust it more.
 */
export function PrintedMessage({ message, onReady }: PrintedMessageProps) {
  const dates = useDateFormat();
  const { t } = useTranslation('reading');
  const isHtml = message.html !== null;
  useEffect(() => {
    if (!isHtml) onReady();
  }, [isHtml, onReady]);

  const rows = [
    { label: t('view.from'), value: message.from ? formatAddresses([message.from]) : t('unknownSender') },
    { label: t('view.to'), value: formatAddresses(message.to) },
    { label: t('view.cc'), value: formatAddresses(message.cc) },
    { label: t('view.date'), value: dates.full(message.date) },
    { label: t('view.subject'), value: subjectLabel(message.subject, t) },
  ].filter((row) => row.value);

  return (
    <Box component="article" sx={{ py: 2, breakInside: 'auto', '& + &': { borderTop: '1px solid #999' } }}>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, m: 0, mb: 2 }}
      >
        {rows.map((row) => (
          <Box key={row.label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
              {row.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {row.value}
            </Typography>
          </Box>
        ))}
      </Box>
      {message.html !== null ? (
        <MessageHtmlFrame html={message.html} title={t('view.bodyFrameTitle')} onReady={onReady} />
      ) : (
        <PlainTextBody text={message.text ?? ''} unfoldQuotes />
      )}
    </Box>
  );
}
