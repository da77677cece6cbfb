import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { MessageDetail } from '@webmail/contracts';
import { useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { isDesignedHtml, type FrameColors } from '../lib/build-srcdoc';
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
 * The body: sanitized HTML in the sandboxed frame, else the plain text in the app's theme. In dark mode a simple
 * HTML mail is drawn in the theme's dark colours; a designed one (newsletters) keeps its white sheet, with a margin
 * so it reads as paper on the dark pane (`build-srcdoc.ts`).
 */
export function MessageBody({ userIndex, message, remoteContent }: MessageBodyProps) {
  const { t } = useTranslation('reading');
  const { palette } = useTheme();
  const html = message.html;
  const dark = palette.mode === 'dark';
  const frameColors = useMemo<FrameColors | undefined>(
    () =>
      dark && html !== null && !isDesignedHtml(html)
        ? {
            text: palette.text.primary,
            background: palette.background.paper,
            link: palette.secondary.main,
            quote: palette.text.secondary,
            quoteBorder: palette.text.secondary,
          }
        : undefined,
    [dark, html, palette],
  );
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
            bgcolor: frameColors ? 'background.paper' : '#fff',
            p: dark && !frameColors ? 2 : 0,
          }}
        >
          <MessageHtmlFrame html={message.html} title={t('view.bodyFrameTitle')} dark={frameColors} />
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
