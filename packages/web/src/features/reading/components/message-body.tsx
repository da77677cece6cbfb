import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MessageDetail } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';
import {
  remoteContentHeldBack,
  useRemoteContent,
  type RemoteContentEffects,
} from '../hooks/use-remote-content';
import { BodyContent } from './body-content';
import { EnclosedMessages } from './enclosed-messages';
import { RemoteContentBar } from './remote-content-bar';

export interface MessageBodyProps {
  userIndex: number;
  message: MessageDetail;
  remoteContent: RemoteContentEffects;
}

/**
 * The body (`BodyContent`), then the messages it encloses (forwarded inline, a digest's entries), each with its own
 * headers; "no content" only when there is neither.
 */
export function MessageBody({ userIndex, message, remoteContent }: MessageBodyProps) {
  const { t } = useTranslation('reading');
  const enclosed = message.enclosed ?? [];
  const own = message.html !== null || !!message.text;
  return (
    <Box sx={{ mt: 2 }}>
      {remoteContentHeldBack(message) && (
        <HeldBackBar userIndex={userIndex} message={message} effects={remoteContent} />
      )}
      {own && <BodyContent html={message.html} text={message.text} title={t('view.bodyFrameTitle')} />}
      {enclosed.length > 0 && <EnclosedMessages enclosed={enclosed} spaced={own} />}
      {!own && enclosed.length === 0 && (
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
