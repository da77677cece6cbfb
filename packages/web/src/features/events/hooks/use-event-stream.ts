import { useQueryClient } from '@tanstack/react-query';
import { cookieNames, type MessageSummary } from '@webmail/contracts';
import { useEffect, useEffectEvent } from 'react';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { useTranslation } from '../../../shared/i18n/translation';
import { readCookie } from '../../../shared/session/cookies';
import { hasActiveSession } from '../../../shared/session/session';
import { useSessionEvents, type SignOutEvent } from '../../../shared/session/session-events';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { fetchMe } from '../../auth/api/get-me';
import { createEventEffects, type LogoutKind } from '../api/event-effects';
import { eventStreamUrl, parseAppEvent, streamRefusedFor } from '../api/event-stream';
import { openEventStream, type StreamConnection, type StreamStatus } from '../lib/event-stream-connection';

/** How long a logout the stream reports waits for this browser's own sign-out flow to move the page away. */
const logoutGraceMs = 1000;

/** The one key of the stream's notices: each replaces the one before. */
export const streamNoticeKey = (userIndex: number) => `event-stream-${userIndex}`;

const signOutEvent = (kind: LogoutKind, userIndex: number): SignOutEvent =>
  kind === 'device'
    ? { kind: 'device' }
    : kind === 'user'
      ? { kind: 'user', userIndex }
      : { kind: 'deviceUser', userIndex, remaining: [] };

export interface EventStreamOptions {
  /** New messages arrived in a folder (already in its list). */
  onNewMessages?: (mailboxId: string, messages: readonly MessageSummary[]) => void;
  /** A scheduled message left (sent or failed). */
  onScheduledSent?: (subject: string, status: 'sent' | 'failed') => void;
  /** Live mail went off (with how often to refresh meanwhile) or on; a stream that opens assumes on. */
  onLiveMail?: (on: boolean, pollSeconds?: number) => void;
}

/** A server that is going away asks its streams to reconnect; they spread their reconnects over this long. */
const reconnectSpreadMs = { min: 250, max: 1250 };

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
    const key = streamNoticeKey(userIndex);
    if (status.kind === 'retrying' || status.kind === 'waiting') {
      snackbar.show({
        type: 'attention',
        key,
        message: t('stream.broken'),
        timeout: null,
        actions: [{ label: t('stream.retryNow'), onClick: stream.retryNow }],
      });
    } else if (status.kind === 'failed') {
      snackbar.show({
        type: 'error',
        key,
        message: t('stream.failed'),
        timeout: null,
        actions: [{ label: t('common:actions.retry'), onClick: stream.restart }],
      });
    } else if (status.recovered) {
      snackbar.show({ type: 'success', key, message: t('stream.restored') });
    }
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
    const key = streamNoticeKey(userIndex);

    let disposed = false;
    /** The server asked for a reconnect (it is restarting): the new stream re-reads silently what it missed. */
    let resuming = false;
    const resume = () => {
      resuming = true;
      const { min, max } = reconnectSpreadMs;
      stream.resumeAfter(min + Math.random() * (max - min));
    };
    /**
     * The server ended this session and closes the stream. A sign-out made in this tab or another tab of this
     * browser arrives here too, often before its own answer: its flow moves the page away first (this hook then
     * ends), so the stream's account of it waits a moment. A user logout while this browser still holds the
     * account's cookies may be the account signing in again in the same slot (which ends the old session): the
     * server is asked, a live session keeps the page and a new stream, an ended one makes the API client run the
     * sign-out flow.
     */
    const afterLogout = async (kind: LogoutKind) => {
      await new Promise((resolve) => setTimeout(resolve, logoutGraceMs));
      if (disposed) return;
      if (kind === 'user' && hasActiveSession(userIndex)) {
        try {
          await fetchMe(userIndex);
          stream.restart();
        } catch (error) {
          if (!(isApiRequestError(error) && error.status === 401)) stream.restart();
        }
        return;
      }
      snackbar.close(key);
      await session.signedOutElsewhere(signOutEvent(kind, userIndex));
    };

    const effects = createEventEffects({
      queryClient,
      userIndex,
      onNewMessages: (mailboxId, messages) => newMessages(mailboxId, messages),
      onScheduledSent: (subject, status) => scheduledSent(subject, status),
      onLiveMail: (on, pollSeconds) => liveMail(on, pollSeconds),
      onReconnect: () => resume(),
      onLogout: (kind) => {
        stream.stop();
        void afterLogout(kind);
      },
    });
    // The session's expiry cookie when the stream last connected: it changes when the tokens are renewed.
    const expiryNow = () => readCookie(cookieNames.tokenExpiry(userIndex));
    let connectedWith = expiryNow();
    const stream = openEventStream({
      url: (lastEventId) => eventStreamUrl(userIndex, lastEventId),
      connect: (url) => {
        connectedWith = expiryNow();
        return new EventSource(url, { withCredentials: true });
      },
      onMessage: (data) => {
        const event = parseAppEvent(data);
        if (event) effects.apply(event);
      },
      onStatus: (status) => {
        if (status.kind === 'open') {
          // The server says "off" right after opening when it is; until then a new stream counts as live.
          liveMail(true);
          if (status.recovered || status.resumed || resuming) effects.refetchEverything();
          resuming = false;
        }
        showStatus(status, stream);
      },
      // Tokens may have expired while the stream was away: a plain call renews them (or signs out) first.
      beforeReconnect: () => fetchMe(userIndex),
      // A stream cut by the end of its access token: a plain call renews the tokens, then it reopens silently.
      renewedSession: async () => {
        const before = connectedWith;
        await fetchMe(userIndex);
        return expiryNow() !== before;
      },
      busyFor: streamRefusedFor,
    });

    return () => {
      disposed = true;
      stream.stop();
      effects.dispose();
      snackbar.close(key);
    };
  }, [queryClient, session, snackbar, userIndex]);
}
