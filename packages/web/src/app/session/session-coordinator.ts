import type { Query, QueryClient } from '@tanstack/react-query';
import type { AccountsResponse, SessionBroadcast } from '@webmail/contracts';
import { accountsKeys } from '../../features/accounts/api/accounts.keys';
import { accountsQueryOptions } from '../../features/accounts/api/get-accounts';
import { clearLocalDrafts } from '../../features/compose/lib/local-draft-store';
import { signInPath, userIndexOfPath, userSelectPath } from '../../shared/session/session';
import type { SessionChannel } from '../../shared/session/session-channel';
import type { SessionEvents, SignOutEvent } from '../../shared/session/session-events';

/** The part of the data router the coordinator uses (the browser router in the app, a memory router in tests). */
export interface NavigatingRouter {
  state: { location: { pathname: string } };
  navigate: (to: string, options?: { replace?: boolean; flushSync?: boolean }) => Promise<void>;
}

export interface SessionCoordinator extends SessionEvents {
  /** The API client found the session of `userIndex` (or of the page's user) gone: user logout. */
  sessionExpired: (userIndex: number | undefined) => void;
  dispose: () => void;
}

/**
 * Per-user query keys are `[feature, userIndex, …]` (every feature's key factory follows this), so one user's
 * cached data can be dropped without knowing the features. The accounts list (`['accounts', 'list']`) is the
 * device's, not a user's.
 */
const isUserQuery = (userIndex: number) => (query: Query) => query.queryKey[1] === userIndex;
const isAnyUserQuery = (query: Query) => query.queryKey[0] !== accountsKeys.all[0];

function toBroadcast(event: SignOutEvent): SessionBroadcast {
  return event.kind === 'device'
    ? { type: 'userLoggedOut', kind: 'device', userIndex: null }
    : { type: 'userLoggedOut', kind: event.kind, userIndex: event.userIndex };
}

/** The sign-out another tab announced, as this tab applies it (it learns the remaining accounts itself). */
function fromBroadcast(message: Extract<SessionBroadcast, { type: 'userLoggedOut' }>): SignOutEvent {
  if (message.kind === 'device' || message.userIndex === null) return { kind: 'device' };
  return message.kind === 'user'
    ? { kind: 'user', userIndex: message.userIndex }
    : { kind: 'deviceUser', userIndex: message.userIndex, remaining: [] };
}

/** Where a tab showing the signed-out user goes. A tab that only heard of a device-user logout asks the server. */
async function signOutDestination(
  queryClient: QueryClient,
  event: SignOutEvent,
  local: boolean,
): Promise<string> {
  switch (event.kind) {
    case 'user':
      return userSelectPath(event.reason);
    case 'device':
      return signInPath();
    case 'deviceUser': {
      const remaining = local
        ? event.remaining
        : await queryClient
            .fetchQuery({ ...accountsQueryOptions(), staleTime: 0 })
            .then((response) => response.accounts)
            .catch(() => []);
      return remaining.length > 0 ? userSelectPath() : signInPath();
    }
  }
}

/**
 * What the device keeps of the signed-out user beyond the query cache. The offline copy follows the cache on every
 * kind of sign-out, a plain user logout included: it mirrors what was just dropped, and without a session nothing
 * could show it (see ARCHITECTURE.md "Offline"). An account forgotten on the device also loses its drafts' local
 * copies.
 */
async function forgetLocalData(
  event: SignOutEvent,
  forgetDeviceData: ((scope: number | 'all') => Promise<void>) | undefined,
): Promise<void> {
  await forgetDeviceData?.(event.kind === 'device' ? 'all' : event.userIndex).catch((error: unknown) =>
    console.warn('Offline data not deleted', error),
  );
  if (event.kind === 'device') clearLocalDrafts();
  else if (event.kind === 'deviceUser') clearLocalDrafts(event.userIndex);
}

/**
 * Sign-out events and cross-tab sync, in one place:
 * - user logout → user select; that user's cached data dropped;
 * - device-user logout → user select if other accounts remain, else the password sign-in; that user's data dropped;
 * - device logout → password sign-in; every device user and all cached data dropped.
 * An account forgotten on the device (device-user, device) also loses its drafts' local copies. Every sign-out
 * deletes the user's offline copy of mail (all users' on a device logout, with the service worker's runtime caches).
 * The tab where it happened tells the others (`userLoggedOut`); a tab that hears it refetches its account list and,
 * if it shows the user concerned, follows the same rules. A sign-in is announced (`userLoggedIn`) so other tabs'
 * account lists pick up the new account.
 */
export function createSessionCoordinator(options: {
  router: NavigatingRouter;
  queryClient: QueryClient;
  channel: SessionChannel;
  /**
   * Deletes what the device keeps of a user index (or of every user: `all`) beyond the query cache: the offline
   * copy in IndexedDB and the service worker's runtime caches (`app/offline/forget-device-data.ts`).
   */
  forgetDeviceData?: (scope: number | 'all') => Promise<void>;
}): SessionCoordinator {
  const { router, queryClient, channel, forgetDeviceData } = options;
  const shownUser = () => userIndexOfPath(router.state.location.pathname);
  const refetchAccounts = () => queryClient.invalidateQueries({ queryKey: accountsKeys.all });

  async function apply(event: SignOutEvent, local: boolean): Promise<void> {
    const predicate = event.kind === 'device' ? isAnyUserQuery : isUserQuery(event.userIndex);
    const shown = shownUser();
    const concernsShownUser = shown !== null && (event.kind === 'device' || shown === event.userIndex);

    await queryClient.cancelQueries({ predicate });
    if (event.kind === 'device') {
      queryClient.setQueryData<AccountsResponse>(accountsKeys.list(), { accounts: [] });
    } else if (event.kind === 'deviceUser' && local) {
      queryClient.setQueryData<AccountsResponse>(accountsKeys.list(), { accounts: event.remaining });
    }
    // Leave first, then drop the data: pages still mounted would refetch it with the cookies already gone. The
    // navigation is committed synchronously (not in a transition), so no page of the user is still mounted to
    // build its queries again once they are removed.
    if (concernsShownUser) {
      await router.navigate(await signOutDestination(queryClient, event, local), {
        replace: true,
        flushSync: true,
      });
    }
    queryClient.removeQueries({ predicate });
    await forgetLocalData(event, forgetDeviceData);
    await refetchAccounts();
  }

  function fromOtherTab(message: SessionBroadcast): void {
    if (message.type === 'userLoggedIn') {
      void refetchAccounts();
      return;
    }
    void apply(fromBroadcast(message), false);
  }

  const unsubscribe = channel.subscribe(fromOtherTab);

  return {
    signedIn: (userIndex) => {
      channel.post({ type: 'userLoggedIn', userIndex });
      void refetchAccounts();
    },
    signedOut: (event) => {
      channel.post(toBroadcast(event));
      return apply(event, true);
    },
    signedOutElsewhere: (event) => apply(event, false),
    sessionExpired: (userIndex) => {
      const target = userIndex ?? shownUser();
      if (target === null) return;
      channel.post({ type: 'userLoggedOut', kind: 'user', userIndex: target });
      void apply({ kind: 'user', userIndex: target, reason: 'apiRequestUnauthorized' }, true);
    },
    dispose: () => {
      unsubscribe();
      channel.close();
    },
  };
}
