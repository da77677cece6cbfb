import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { AppEvent, AppEventCommand, AppEventOf, MessageSummary } from '@webmail/contracts';
import { invalidateMailOfAnyFolder } from '../../../shared/api/mail-change';
import { accountsKeys } from '../../accounts/api/accounts.keys';
import { authKeys } from '../../auth/api/auth.keys';
import { mailboxesKeys } from '../../mailboxes/api/mailboxes.keys';
import { setFolderCounts } from '../../mailboxes/api/mailboxes.cache';
import {
  applyMessageFlags,
  insertListRows,
  mailChangePending,
  removeListUids,
} from '../../messages/api/messages.cache';
import { messagesKeys } from '../../messages/api/messages.keys';
import { applyContactEvent } from '../../contacts/api/contacts.cache';
import { composeKeys } from '../../compose/api/compose.keys';
import { searchKeys } from '../../search/api/search.keys';
import { applySecurityEvent } from '../../security/api/security.cache';
import { settingsKeys } from '../../settings/api/settings.keys';
import { filtersKeys } from '../../filters/api/filters.keys';
import { applySignaturesEvent } from '../../signatures/api/signatures.cache';
import { snoozedChanged } from '../../snooze/api/snooze.cache';
import { createBatch } from '../lib/batch';
import { debugLog } from '../lib/debug-log';

/** What an event makes stale: queries under a key, every query showing mail of any folder, or all of the user's. */
export type Stale = { queryKey: QueryKey } | 'mailOfAnyFolder' | 'everything';

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
}

export interface EventEffects {
  apply: (event: AppEvent) => void;
  /** Marks everything of the user stale (after a break in the stream, mail events were missed). */
  refetchEverything: () => void;
  dispose: () => void;
}

const keyOf = (stale: Stale) => (typeof stale === 'string' ? stale : JSON.stringify(stale.queryKey));

type Handlers = { [C in AppEventCommand]?: (event: AppEventOf<C>) => void };

/**
 * What each live event does to the caches. Two kinds, on purpose:
 * - **mail events apply at once**: COUNTERS, EXISTS, EXPUNGE and FETCH carry the data (counts, the new rows,
 *   UIDs, flags), so they are written into the owners' caches (`mailboxes.cache`, `messages.cache`) without a
 *   request, at once — waiting for a batch would miss the one-second target for new mail;
 * - **entity events invalidate** exactly the queries they touch, collected into one batch (500 ms after the last
 *   event, at most 5 s after the first), so a burst of changes costs one refetch per query.
 * While this client's own change to the mail is in flight, flags and counts the server reports may be from before
 * it: those become a refetch of what they touch (the change re-reads it when it settles anyway) instead of a patch
 * that would undo its optimistic step for a moment.
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
  const stale = (...items: Stale[]) => items.forEach((item) => batch.add(item));
  const staleKeys = (keys: readonly QueryKey[]) => keys.forEach((queryKey) => batch.add({ queryKey }));
  const tree = { queryKey: mailboxesKeys.tree(userIndex) };

  const handlers: Handlers = {
    COUNTERS: ({ counters }) => {
      // Saved searches show their unread counts: any folder's count may change them.
      stale({ queryKey: searchKeys.saved(userIndex) });
      if (mailChangePending(queryClient, userIndex)) stale(tree);
      else setFolderCounts(queryClient, userIndex, counters);
    },
    EXISTS: ({ mailboxId, messages }) => {
      staleKeys(insertListRows(queryClient, userIndex, mailboxId, messages));
      stale('mailOfAnyFolder');
      options.onNewMessages?.(mailboxId, messages);
    },
    EXPUNGE: ({ mailboxId, uids }) => {
      removeListUids(queryClient, userIndex, mailboxId, uids);
      stale('mailOfAnyFolder');
    },
    FETCH: ({ mailboxId, changes }) => {
      if (mailChangePending(queryClient, userIndex)) {
        stale({ queryKey: messagesKeys.folderLists(userIndex, mailboxId) });
        staleKeys(changes.map(({ uid }) => messagesKeys.detail(userIndex, mailboxId, uid)));
      } else {
        staleKeys(applyMessageFlags(queryClient, userIndex, mailboxId, changes));
      }
    },
    folderCreate: () => stale(tree),
    folderRename: () => stale(tree),
    folderDelete: () => stale(tree),
    folderOrder: () => stale(tree),
    // '' : folders changed on the mail server. A folder's id: its UIDs were reset, so its lists are wrong too.
    folderUpdate: ({ mailboxId }) =>
      stale(tree, ...(mailboxId ? [{ queryKey: messagesKeys.folderLists(userIndex, mailboxId) }] : [])),
    // Open messages are read again: the server decides what remote content they show.
    remoteContentWhitelist: () =>
      stale(
        { queryKey: settingsKeys.externalContent(userIndex) },
        { queryKey: messagesKeys.details(userIndex) },
      ),
    accountDetailsUpdated: () =>
      stale({ queryKey: settingsKeys.details(userIndex) }, { queryKey: authKeys.me(userIndex) }),
    // Contacts, address books and groups: the contacts feature's cache module re-reads what they show.
    addressbookUpdated: (event) => applyContactEvent(queryClient, userIndex, event),
    addressbookDeleted: (event) => applyContactEvent(queryClient, userIndex, event),
    contactUpdated: (event) => applyContactEvent(queryClient, userIndex, event),
    contactDeleted: (event) => applyContactEvent(queryClient, userIndex, event),
    groupUpdated: (event) => applyContactEvent(queryClient, userIndex, event),
    groupDeleted: (event) => applyContactEvent(queryClient, userIndex, event),
    accountAttributesUpdated: () =>
      stale({ queryKey: settingsKeys.details(userIndex) }, { queryKey: settingsKeys.config(userIndex) }),
    // The security feature owns its keys: its cache module says what each of its events makes stale.
    webauthnAdded: (event) => applySecurityEvent(queryClient, userIndex, event),
    webauthnRemoved: (event) => applySecurityEvent(queryClient, userIndex, event),
    applicationPasswordAdded: (event) => applySecurityEvent(queryClient, userIndex, event),
    applicationPasswordRemoved: (event) => applySecurityEvent(queryClient, userIndex, event),
    recentSearchUpdated: () => stale({ queryKey: searchKeys.recent(userIndex) }),
    recentSearchDeleted: () => stale({ queryKey: searchKeys.recent(userIndex) }),
    savedSearchUpdated: () => stale({ queryKey: searchKeys.saved(userIndex) }),
    savedSearchDeleted: () => stale({ queryKey: searchKeys.saved(userIndex) }),
    signatureUpdated: (event) => applySignaturesEvent(queryClient, userIndex, event),
    signatureDeleted: (event) => applySignaturesEvent(queryClient, userIndex, event),
    // Outgoing addresses: the settings list and the composer's From choices are read again.
    whitelistEmailUpdated: () => stale({ queryKey: settingsKeys.outgoingAddresses(userIndex) }),
    whitelistEmailDeleted: () => stale({ queryKey: settingsKeys.outgoingAddresses(userIndex) }),
    // Filters changed in another tab or device (or an import finished): the list is read again.
    filterCreated: () => stale({ queryKey: filtersKeys.list(userIndex) }),
    filterUpdated: () => stale({ queryKey: filtersKeys.list(userIndex) }),
    filterDeleted: () => stale({ queryKey: filtersKeys.list(userIndex) }),
    filterImported: () => stale({ queryKey: filtersKeys.list(userIndex) }),
    filterImportFailed: () => stale({ queryKey: filtersKeys.list(userIndex) }),
    filterMoveToBottom: () => stale({ queryKey: filtersKeys.list(userIndex) }),
    // Send later: the Scheduled view and its count (the compose feature's key).
    scheduledChanged: () => stale({ queryKey: composeKeys.scheduled(userIndex) }),
    scheduledSent: ({ subject, status }) => {
      stale({ queryKey: composeKeys.scheduled(userIndex) });
      options.onScheduledSent?.(subject, status);
    },
    // Snoozed mail was snoozed, rescheduled or woke (the server's job too): the Snoozed list and the folders.
    snoozedUpdated: () => snoozedChanged(queryClient, userIndex),
    avatarUpdated: () => stale({ queryKey: accountsKeys.list() }, { queryKey: authKeys.me(userIndex) }),
    // Opening a stream: nothing changed; its id is where a reconnect resumes.
    connected: () => undefined,
    resync: () => {
      stale('everything');
      batch.flush();
    },
    logout: ({ kind }) => options.onLogout(kind),
  };

  return {
    apply: (event) => {
      const handler = handlers[event.command] as ((event: AppEvent) => void) | undefined;
      // Commands of features this client does not have yet: nothing of theirs is cached.
      if (handler) handler(event);
      else debugLog('nothing cached for', event.command);
    },
    refetchEverything: () => {
      stale('everything');
      batch.flush();
    },
    dispose: () => batch.dispose(),
  };
}
