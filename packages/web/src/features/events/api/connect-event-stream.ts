import type { QueryClient } from '@tanstack/react-query';
import { cookieNames, type MessageSummary } from '@webmail/contracts';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import type { TFunction } from '../../../shared/i18n/translation';
import { readCookie } from '../../../shared/session/cookies';
import { hasActiveSession } from '../../../shared/session/session';
import type { SessionEvents, SignOutEvent } from '../../../shared/session/session-events';
import type {
  SnackbarAction,
  SnackbarApi,
  SnackbarInput,
  SnackbarType,
} from '../../../shared/snackbar/snackbar-context';
import { fetchMe } from '../../auth/api/get-me';
import { openEventStream, type StreamConnection, type StreamStatus } from '../lib/event-stream-connection';
import { createEventEffects, type LogoutKind } from './event-effects';
import { eventStreamUrl, parseAppEvent, streamRefusedFor } from './event-stream';

/** How long a logout the stream reports waits for this browser's own sign-out flow to move the page away. */
const logoutGraceMs = 1000;

/** A server that is going away asks its streams to reconnect; they spread their reconnects over this long. */
const reconnectSpreadMs = { min: 250, max: 1250 };

/** The one key of the stream's notices: each replaces the one before. */
export const streamNoticeKey = (userIndex: number) => `event-stream-${userIndex}`;

const signOutEvent = (kind: LogoutKind, userIndex: number): SignOutEvent =>
  kind === 'device'
    ? { kind: 'device' }
    : kind === 'user'
      ? { kind: 'user', userIndex }
      : { kind: 'deviceUser', userIndex, remaining: [] };

/**
 * The notice of a stream's state: closed with an error, a persistent 'connection broken, retrying'; every retry
 * failed, a persistent 'reconnect failed' with Retry, which starts over; reopened after an error, a 5-second
 * 'connection re-established' in its place. Null when there is nothing to say.
 */
export function streamNotice(
  status: StreamStatus,
  stream: StreamConnection,
  t: TFunction<['events', 'common']>,
  key: string,
): SnackbarInput | null {
  const persistent = (type: SnackbarType, message: string, action: SnackbarAction): SnackbarInput => ({
    type,
    key,
    message,
    timeout: null,
    actions: [action],
  });
  if (status.kind === 'retrying' || status.kind === 'waiting') {
    return persistent('attention', t('stream.broken'), {
      label: t('stream.retryNow'),
      onClick: stream.retryNow,
    });
  }
  if (status.kind === 'failed') {
    return persistent('error', t('stream.failed'), {
      label: t('common:actions.retry'),
      onClick: stream.restart,
    });
  }
  return status.recovered ? { type: 'success', key, message: t('stream.restored') } : null;
}

/** What the live stream of one user reports to, and acts with. */
export interface EventStreamDeps {
  queryClient: QueryClient;
  userIndex: number;
  snackbar: SnackbarApi;
  session: SessionEvents;
  showStatus: (status: StreamStatus, stream: StreamConnection) => void;
  onNewMessages: (mailboxId: string, messages: readonly MessageSummary[]) => void;
  onScheduledSent: (subject: string, status: 'sent' | 'failed') => void;
  onLiveMail: (on: boolean, pollSeconds?: number) => void;
}

/**
 * The server ended this session and closes the stream. A sign-out made in this tab or another tab of this
 * browser arrives here too, often before its own answer: its flow moves the page away first (the stream is then
 * disposed), so the stream's account of it waits a moment. A user logout while this browser still holds the
 * account's cookies may be the account signing in again in the same slot (which ends the old session): the
 * server is asked, a live session keeps the page and a new stream, an ended one makes the API client run the
 * sign-out flow.
 */
async function afterLogout(
  kind: LogoutKind,
  { userIndex, snackbar, session }: EventStreamDeps,
  stream: StreamConnection,
  disposed: () => boolean,
): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, logoutGraceMs));
  if (disposed()) return;
  if (kind === 'user' && hasActiveSession(userIndex)) {
    try {
      await fetchMe(userIndex);
      stream.restart();
    } catch (error) {
      if (!(isApiRequestError(error) && error.status === 401)) stream.restart();
    }
    return;
  }
  snackbar.close(streamNoticeKey(userIndex));
  await session.signedOutElsewhere(signOutEvent(kind, userIndex));
}

/**
 * Opening an EventSource, and telling whether a break was the renewal of the session's tokens: the session's
 * expiry cookie when the stream last connected changes when the tokens are renewed.
 */
function sessionAwareSource(userIndex: number) {
  const expiryNow = () => readCookie(cookieNames.tokenExpiry(userIndex));
  let connectedWith = expiryNow();
  return {
    connect: (url: string) => {
      connectedWith = expiryNow();
      return new EventSource(url, { withCredentials: true });
    },
    // A stream cut by the end of its access token: a plain call renews the tokens, then it reopens silently.
    renewedSession: async () => {
      const before = connectedWith;
      await fetchMe(userIndex);
      return expiryNow() !== before;
    },
  };
}

/**
 * Opens the live event stream of one user: its events applied to the caches, its state told through
 * `showStatus`, reconnects when the server asks, a logout it reports followed. Returns the disposer.
 */
export function connectEventStream(deps: EventStreamDeps): () => void {
  const { queryClient, userIndex, snackbar } = deps;
  let disposed = false;
  /** The server asked for a reconnect (it is restarting): the new stream re-reads silently what it missed. */
  let resuming = false;
  const effects = createEventEffects({
    queryClient,
    userIndex,
    onNewMessages: deps.onNewMessages,
    onScheduledSent: deps.onScheduledSent,
    onLiveMail: deps.onLiveMail,
    onReconnect: () => {
      resuming = true;
      const { min, max } = reconnectSpreadMs;
      stream.resumeAfter(min + Math.random() * (max - min));
    },
    onLogout: (kind) => {
      stream.stop();
      void afterLogout(kind, deps, stream, () => disposed);
    },
  });
  const stream = openEventStream({
    url: (lastEventId) => eventStreamUrl(userIndex, lastEventId),
    ...sessionAwareSource(userIndex),
    onMessage: (data) => {
      const event = parseAppEvent(data);
      if (event) effects.apply(event);
    },
    onStatus: (status) => {
      if (status.kind === 'open') {
        // The server says "off" right after opening when it is; until then a new stream counts as live.
        deps.onLiveMail(true);
        if (status.recovered || status.resumed || resuming) effects.refetchEverything();
        resuming = false;
      }
      deps.showStatus(status, stream);
    },
    // Tokens may have expired while the stream was away: a plain call renews them (or signs out) first.
    beforeReconnect: () => fetchMe(userIndex),
    busyFor: streamRefusedFor,
  });

  return () => {
    disposed = true;
    stream.stop();
    effects.dispose();
    snackbar.close(streamNoticeKey(userIndex));
  };
}
