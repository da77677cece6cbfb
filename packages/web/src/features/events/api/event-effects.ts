import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { AppEvent, AppEventOf, MessageSummary } from '@webmail/contracts';
import type {
  EventContext,
  EventHandlers,
  FeatureEventHandlers,
  Stale,
} from '../../../shared/api/event-handlers';
import { invalidateMailOfAnyFolder } from '../../../shared/api/mail-change';
import { composeEventHandlers } from '../../compose/api/compose.cache';
import { contactsEventHandlers } from '../../contacts/api/contacts.cache';
import { filtersEventHandlers } from '../../filters/api/filters.cache';
import { mailboxesEventHandlers } from '../../mailboxes/api/mailboxes.cache';
import { messagesEventHandlers } from '../../messages/api/messages.cache';
import { searchEventHandlers } from '../../search/api/search.cache';
import { securityEventHandlers } from '../../security/api/security.cache';
import { settingsEventHandlers } from '../../settings/api/settings.cache';
import { signaturesEventHandlers } from '../../signatures/api/signatures.cache';
import { snoozeEventHandlers } from '../../snooze/api/snooze.cache';
import { createBatch } from '../lib/batch';
import { mergeEventHandlers } from '../lib/merge-event-handlers';

export type LogoutKind = AppEventOf<'logout'>['kind'];

export interface EventEffectsOptions {
  queryClient: QueryClient;
  userIndex: number;
  /** The server ended this session (the stream closes after it). */
  onLogout: (kind: LogoutKind) => void;
  /** New messages arrived in a folder; called after they are in its list. */
  onNewMessages?: (mailboxId: string, messages: readonly MessageSummary[]) => void;
  /** A scheduled message left (the server's send-later job): the notice in open browsers. */
  onScheduledSent?: (subject: string, status: 'sent' | 'failed') => void;
  /** Live mail went off (with how often to refresh meanwhile) or on. */
  onLiveMail?: (on: boolean, pollSeconds: number) => void;
  /** The server is going away (a restart): the stream reconnects, resuming after the last event. */
  onReconnect?: () => void;
}

export interface EventEffects {
  apply: (event: AppEvent) => void;
  /** Marks everything of the user stale (after a break in the stream, mail events were missed). */
  refetchEverything: () => void;
  dispose: () => void;
}

/** The queries a new stream's `connected` counters correct (and mail events patch): lists, folders, messages. */
const mailFeatures = new Set(['messages', 'mailboxes', 'reading']);
const isMail = (queryKey: QueryKey) =>
  mailFeatures.has(String(queryKey[0])) || (queryKey[0] === 'search' && queryKey[2] === 'results');

const keyOf = (stale: Stale) => (typeof stale === 'string' ? stale : JSON.stringify(stale.queryKey));

/** The events feature's own share: the stream's commands, and the notices that follow a feature's cache update. */
function streamEventHandlers(
  options: EventEffectsOptions,
  refetchEverything: () => void,
  refetchBeyondMail: () => void,
) {
  return {
    EXISTS: ({ mailboxId, messages }) => options.onNewMessages?.(mailboxId, messages),
    scheduledSent: ({ subject, status }) => options.onScheduledSent?.(subject, status),
    // A new stream (not a resumed one): its id is where a reconnect resumes. It hears what happens from its
    // registration on; a change made elsewhere between the page's first reads and then (a setting saved in
    // another tab while this one was connecting — through a balancer, a few round trips) was never sent to it.
    // Its counters correct the mail (the mailboxes' and messages' handlers); the rest of the user's data is read
    // again: the queries on screen at once, the others at their next use.
    connected: refetchBeyondMail,
    resync: refetchEverything,
    logout: ({ kind }) => options.onLogout(kind),
    liveMail: ({ on, pollSeconds }) => options.onLiveMail?.(on, pollSeconds),
    reconnect: () => options.onReconnect?.(),
  } satisfies FeatureEventHandlers;
}

/**
 * What each live event does to the caches: every feature says it for its own caches in its `api/<f>.cache.ts`;
 * this merges them (in this order, the stream's own last, so a notice follows the cache update it announces).
 * Two kinds, on purpose:
 * - **mail events apply at once** (the messages and mailboxes features' caches), without a request;
 * - **entity events invalidate** exactly the queries they touch, collected into one batch (500 ms after the last
 *   event, at most 5 s after the first), so a burst of changes costs one refetch per query.
 */
export function createEventEffects(options: EventEffectsOptions): EventEffects {
  const { queryClient, userIndex } = options;

  const batch = createBatch<Stale>((items) => {
    const unique = new Map(items.map((stale) => [keyOf(stale), stale]));
    if (unique.has('everything')) {
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[1] === userIndex });
      return;
    }
    for (const stale of unique.values()) {
      if (stale === 'mailOfAnyFolder') void invalidateMailOfAnyFolder(queryClient, userIndex);
      else if (stale !== 'everything') void queryClient.invalidateQueries({ queryKey: stale.queryKey });
    }
  });
  const context: EventContext = {
    queryClient,
    userIndex,
    stale: (...items) => items.forEach((item) => batch.add(item)),
  };
  const refetchEverything = () => {
    batch.add('everything');
    batch.flush();
  };
  const refetchBeyondMail = () =>
    void queryClient.invalidateQueries({
      predicate: ({ queryKey }) => queryKey[1] === userIndex && !isMail(queryKey),
    });
  const handlers: EventHandlers = mergeEventHandlers(
    searchEventHandlers,
    messagesEventHandlers,
    mailboxesEventHandlers,
    settingsEventHandlers,
    contactsEventHandlers,
    securityEventHandlers,
    signaturesEventHandlers,
    filtersEventHandlers,
    composeEventHandlers,
    snoozeEventHandlers,
    streamEventHandlers(options, refetchEverything, refetchBeyondMail),
  );

  return {
    apply: (event) =>
      (handlers[event.command] as (event: AppEvent, context: EventContext) => void)(event, context),
    refetchEverything,
    dispose: () => batch.dispose(),
  };
}
