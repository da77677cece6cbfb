import { useQueryClient } from '@tanstack/react-query';
import type { MessageSummary } from '@webmail/contracts';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSessionEvents } from '../../../shared/session/session-events';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { connectEventStream, streamNotice, streamNoticeKey } from '../api/connect-event-stream';
import type { StreamConnection, StreamStatus } from '../lib/event-stream-connection';

export interface EventStreamOptions {
  /** New messages arrived in a folder (already in its list). */
  onNewMessages?: (mailboxId: string, messages: readonly MessageSummary[]) => void;
  /** A scheduled message left (sent or failed). */
  onScheduledSent?: (subject: string, status: 'sent' | 'failed') => void;
  /** Live mail went off (with how often to refresh meanwhile) or on; a stream that opens assumes on. */
  onLiveMail?: (on: boolean, pollSeconds?: number) => void;
}

/**
 * The live event stream of the shown user while the base layout is open: one EventSource, its events applied to
 * the caches, and its state told in the snackbar — closed with an error: a persistent 'connection broken,
 * retrying' notice; reopened: a 5-second 'connection re-established' in its place (and everything of the user is
 * read again: mail events carry no id and cannot be replayed); every retry failed: a persistent 'reconnect failed'
 * with Retry, which starts over. Without EventSource (old browsers, jsdom) the pages work as before, without it.
 */
export function useEventStream(userIndex: number, options: EventStreamOptions = {}): void {
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const session = useSessionEvents();
  const { t } = useTranslation(['events', 'common']);

  const showStatus = useEffectEvent((status: StreamStatus, stream: StreamConnection) => {
    const notice = streamNotice(status, stream, t, streamNoticeKey(userIndex));
    if (notice) snackbar.show(notice);
  });
  const newMessages = useEffectEvent((mailboxId: string, messages: readonly MessageSummary[]) =>
    options.onNewMessages?.(mailboxId, messages),
  );
  const scheduledSent = useEffectEvent((subject: string, status: 'sent' | 'failed') =>
    options.onScheduledSent?.(subject, status),
  );
  const liveMail = useEffectEvent((on: boolean, pollSeconds?: number) =>
    options.onLiveMail?.(on, pollSeconds),
  );

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    return connectEventStream({
      queryClient,
      userIndex,
      snackbar,
      session,
      showStatus: (status, stream) => showStatus(status, stream),
      onNewMessages: (mailboxId, messages) => newMessages(mailboxId, messages),
      onScheduledSent: (subject, status) => scheduledSent(subject, status),
      onLiveMail: (on, pollSeconds) => liveMail(on, pollSeconds),
    });
  }, [queryClient, session, snackbar, userIndex]);
}
