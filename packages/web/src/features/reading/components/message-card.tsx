import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ThreadMessage } from '@webmail/contracts';
import { useEffect, useRef } from 'react';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { useTranslation } from '../../../shared/i18n/translation';
import { PaneLoader } from '../../../shared/ui/pane-loader';
import { useMessage } from '../../messages/api/get-message';
import { useUpdateMessageFlags } from '../../messages/api/update-message-flags';
import { useMarkSeenOnOpen } from '../hooks/use-mark-seen-on-open';
import type { ConversationEnv } from '../lib/conversation-env';
import { addressLabel } from '../../../shared/format/address-label';
import { AttachmentList } from './attachment-list';
import { MessageActionsBar } from './message-actions-bar';
import { MessageBody } from './message-body';
import { MessageHeader } from './message-header';

export interface MessageCardProps {
  env: ConversationEnv;
  message: ThreadMessage;
  /** The conversation is narrow (a phone, or the reading pane beside the list). */
  compact: boolean;
  /** The message the address names: scrolled into view once its body is there. */
  addressed: boolean;
  /** Folds it to its summary line; absent when the conversation has only this message. */
  onCollapse?: () => void;
}

/** An expanded message of a conversation: header, toolbar, body, attachments. Opening it marks it read. */
export function MessageCard({ env, compact, message, addressed, onCollapse }: MessageCardProps) {
  const { t } = useTranslation(['reading', 'common']);
  const { userIndex } = env;
  const query = useMessage(userIndex, message.mailbox, message.id);
  const flags = useUpdateMessageFlags(userIndex, message.mailbox);
  const detail = query.data;
  useMarkSeenOnOpen(detail, flags);
  const ref = useRef<HTMLElement>(null);
  const loaded = detail !== undefined;

  useEffect(() => {
    // Once its body is laid out, so the messages above it have their final height too (they are summary lines or
    // loaded together); later growth above is kept out of view by the browser's scroll anchoring.
    if (addressed && loaded) ref.current?.scrollIntoView?.({ block: 'start' });
  }, [addressed, loaded]);

  const sender = addressLabel(message.from) || t('unknownSender');
  let content;
  if (detail) {
    content = (
      <>
        <MessageBody userIndex={userIndex} message={detail} remoteContent={env.remoteContent} />
        <AttachmentList
          userIndex={userIndex}
          mailboxId={message.mailbox}
          messageId={message.id}
          attachments={detail.attachments}
        />
      </>
    );
  } else if (query.isError && isApiRequestError(query.error) && query.error.status === 404) {
    content = <Typography sx={{ py: 3, color: 'text.secondary' }}>{t('view.notFound')}</Typography>;
  } else if (query.isError) {
    content = (
      <Box sx={{ py: 3 }}>
        <Typography sx={{ color: 'text.secondary', mb: 1 }}>{t('view.loadFailed')}</Typography>
        <Button variant="outlined" onClick={() => void query.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Box>
    );
  } else {
    content = <PaneLoader />;
  }

  return (
    <Box
      component="article"
      ref={ref}
      aria-label={t('view.messageFrom', { sender })}
      aria-current={addressed ? 'true' : undefined}
      sx={{ px: { xs: 2, md: 3 }, py: 2, scrollMarginTop: 64 }}
    >
      <MessageHeader
        from={detail?.from ?? message.from}
        to={detail?.to ?? message.to}
        cc={detail?.cc ?? message.cc}
        bcc={detail?.bcc ?? []}
        date={message.date}
        compact={compact}
        onCollapse={onCollapse}
        onAddContact={env.addToContacts}
        extra={
          detail?.unsubscribe &&
          env.unsubscribe?.({
            mailboxId: message.mailbox,
            messageId: message.id,
            sender: detail.from,
            methods: detail.unsubscribe.methods,
          })
        }
        actions={
          <MessageActionsBar
            env={env}
            message={message}
            detail={detail}
            compact={compact}
            addressed={addressed}
            onCollapse={onCollapse ?? (() => {})}
          />
        }
      />
      {content}
    </Box>
  );
}
