import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import { useQueries } from '@tanstack/react-query';
import type { MessageDetail } from '@webmail/contracts';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { PaneLoader } from '../../../shared/ui/pane-loader';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { messageQueryOptions, useMessage } from '../../messages/api/get-message';
import { useThread } from '../api/get-thread';
import { usePrintWhenReady } from '../hooks/use-print-when-ready';
import { subjectLabel } from '../lib/reading-labels';
import { PrintedMessage } from './printed-message';

/**
 * On paper the sheet is the whole page: below a short message the theme's page background (dark in dark mode) would
 * otherwise show, and print whenever the print dialog's "background graphics" is on.
 */
const paperPageStyles = { '@media print': { 'html, body': { background: '#fff', colorScheme: 'light' } } };

/** The printed sheet: black on white in both themes; the screen-only print button is left out of the print. */
function PrintPage({ title, failed, children }: { title: string; failed: boolean; children: ReactNode }) {
  const { t } = useTranslation('reading');
  return (
    <>
      <GlobalStyles styles={paperPageStyles} />
      <Box
        sx={{
          bgcolor: '#fff',
          color: '#000',
          colorScheme: 'light',
          minHeight: '100%',
          // A sheet of paper in both themes: links and quotations get colours that read on white.
          '& a': { color: '#0b57d0' },
          '& .quoted-text': { color: '#444746', borderColor: '#c4c7c5' },
          px: { xs: 2, sm: 4 },
          py: 3,
          '@media print': { p: 0 },
        }}
      >
        <Box sx={{ maxWidth: 900, mx: 'auto' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
            <Typography component="h1" variant="h5" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
              {title}
            </Typography>
            <Button
              variant="outlined"
              startIcon={<PrintOutlinedIcon />}
              onClick={() => window.print()}
              sx={{
                displayPrint: 'none',
                minHeight: 48,
                flexShrink: 0,
                color: '#b00e22',
                borderColor: '#b00e22',
              }}
            >
              {t('view.print')}
            </Button>
          </Box>
          {failed ? <Typography sx={{ py: 4 }}>{t('view.loadFailed')}</Typography> : children}
        </Box>
      </Box>
    </>
  );
}

/** Tracks which bodies have laid out, for usePrintWhenReady. */
function useLaidOut(count: number) {
  const [ready, setReady] = useState<ReadonlySet<string>>(new Set());
  const onReady = useCallback(
    (key: string) => setReady((current) => (current.has(key) ? current : new Set(current).add(key))),
    [],
  );
  return { laidOut: count > 0 && ready.size >= count, onReady };
}

/** Route MailboxPrint: one message, and the print dialog once it is laid out. */
export function MessagePrintView(props: { userIndex: number; mailboxId: string; messageId: number }) {
  const { t } = useTranslation('reading');
  const query = useMessage(props.userIndex, props.mailboxId, props.messageId);
  const message = query.data;
  const { laidOut, onReady } = useLaidOut(1);
  const ready = useCallback(() => onReady('one'), [onReady]);
  const title = message ? subjectLabel(message.subject, t) : '';
  usePageTitle(title);
  usePrintWhenReady(message !== undefined, laidOut);

  return (
    <PrintPage title={title} failed={query.isError}>
      {message ? <PrintedMessage message={message} onReady={ready} /> : !query.isError && <PaneLoader />}
    </PrintPage>
  );
}

/**
 * Route MailboxThreadPrint: the whole conversation, oldest first. The conversation API finds a thread from one of
 * its messages: `messageId` comes from the address's query (`?messageId=`).
 */
export function ThreadPrintView(props: {
  userIndex: number;
  mailboxId: string;
  threadId: string;
  /** The message it was opened at; without one, the folder's newest message of the thread. */
  messageId?: number;
}) {
  const { t } = useTranslation('reading');
  const { userIndex } = props;
  const thread = useThread(userIndex, props.mailboxId, props.threadId, props.messageId);
  const list = thread.data?.messages ?? [];
  const details = useQueries({
    queries: list.map((m) => messageQueryOptions(userIndex, m.mailbox, m.id)),
  });
  const messages = details.map((query) => query.data).filter((data): data is MessageDetail => !!data);
  const loaded = thread.data !== undefined && messages.length === list.length;
  const { laidOut, onReady } = useLaidOut(list.length);
  const first = thread.data?.messages[0];
  const title = first ? subjectLabel(first.subject, t) : '';
  usePageTitle(title);
  usePrintWhenReady(loaded, laidOut);

  return (
    <PrintPage title={title} failed={thread.isError || details.some((query) => query.isError)}>
      {loaded ? (
        messages.map((message) => (
          <PrintedMessage
            key={`${message.mailbox}/${message.id}`}
            message={message}
            onReady={() => onReady(`${message.mailbox}/${message.id}`)}
          />
        ))
      ) : (
        <PaneLoader />
      )}
    </PrintPage>
  );
}
