import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MessageDetail } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';
import {
  remoteContentHeldBack,
  useRemoteContent,
  type RemoteContentEffects,
} from '../hooks/use-remote-content';
import { MessageHtmlFrame } from './message-html-frame';
import { PlainTextBody } from './plain-text-body';
import { RemoteContentBar } from './remote-content-bar';

export interface MessageBodyProps {
  userIndex: number;
  message: MessageDetail;
  remoteContent: RemoteContentEffects;
}

/**
 * The body: sanitized HTML in the sandboxed frame on a white sheet (the sender's colours are kept; in dark mode
 * the sheet gets a margin so it reads as paper on the dark pane), else the plain text in the app's theme.
 */
export function MessageBody({ userIndex, message, remoteContent }: MessageBodyProps) {
  const { t } = useTranslation('reading');
  return (
    <Box sx={{ mt: 2 }}>
      {remoteContentHeldBack(message) && (
        <HeldBackBar userIndex={userIndex} message={message} effects={remoteContent} />
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
        <PlainTextBody text={message.text} />
      ) : (
        <Typography sx={{ color: 'text.secondary', fontStyle: 'italic' }}>{t('view.noContent')}</Typography>
      )}
    </Box>
  );
}

function HeldBackBar({
  userIndex,
  message,
  effects,
}: {
  userIndex: number;
  message: MessageDetail;
  effects: RemoteContentEffects;
}) {
  const remote = useRemoteContent(userIndex, message, effects);
  return (
    <RemoteContentBar
      sender={remote.sender}
      busy={remote.busy}
      onShowOnce={remote.showOnce}
      onAlwaysFromSender={remote.alwaysFromSender}
    />
  );
}
