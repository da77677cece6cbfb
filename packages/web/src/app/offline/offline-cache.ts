import type { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { hasActiveSession } from '../../shared/session/session';
import { createOfflineUserEntries } from './offline-user-entries';
import { offlineCacheLimits, shouldPersistQuery } from './persisted-queries';
import type { OfflineStorage } from './offline-storage';

export interface OfflineCache {
  /** Puts the stored answers of signed-in users into the cache, then keeps the store in step with the cache. */
  start: (queryClient: QueryClient) => Promise<void>;
  /** Deletes what is stored of one user index, or of everyone (`all`). */
  forget: (scope: number | 'all') => Promise<void>;
  /** Writes pending changes now (tests; the page does it when hidden). */
  flush: () => Promise<void>;
  dispose: () => void;
}

export interface OfflineCacheOptions {
  storage: OfflineStorage;
  /** The build's id: entries of another build are dropped (`StoredUser.buster`). */
  buster: string;
  /** Whether a user index still has a session on this device; others' entries are deleted, not restored. */
  isSignedIn?: (userIndex: number) => boolean;
  now?: () => number;
  /** Cache changes are written at most this often. */
  writeEveryMs?: number;
}

/**
 * Puts the stored answers into the cache, then subscribes the persister to the cache's changes; returns the
 * unsubscribe. A restore that fails leaves the cache empty: the app asks the server as without a copy.
 */
async function restoreThenPersist(
  queryClient: QueryClient,
  persister: Persister,
  buster: string,
): Promise<() => void> {
  try {
    await persistQueryClientRestore({ queryClient, persister, buster, maxAge: offlineCacheLimits.maxAgeMs });
    // Restored answers show at once but count as stale: a page that uses one asks the server again when it
    // can (the copy may predate changes made in another tab or just before a reload).
    await queryClient.invalidateQueries({ refetchType: 'none' });
  } catch (error) {
    console.warn('Offline copy not restored', error);
  }
  return persistQueryClientSubscribe({
    queryClient,
    persister,
    buster,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: () => false },
  });
}

/**
 * The device's copy of what reading needs offline (`persisted-queries.ts` decides what), in IndexedDB, one entry
 * per user index, through TanStack's persister protocol (`@tanstack/query-persist-client-core`): restored before
 * the first render, then written at most once a second after the cache changes, only for the users whose part
 * changed (so a tab showing one account never overwrites another tab's copy of another account). A user whose
 * queries leave the cache (a sign-out drops them) loses the entry with them, and the session coordinator
 * deletes it outright as well (`forget`). All storage steps run one after another, so a deletion never races an
 * earlier write. When IndexedDB is unavailable (a private window in some browsers) the app runs without a copy.
 */
export function createOfflineCache(options: OfflineCacheOptions): OfflineCache {
  const { storage, buster } = options;
  const isSignedIn = options.isSignedIn ?? hasActiveSession;
  const now = options.now ?? Date.now;
  const writeEveryMs = options.writeEveryMs ?? 1000;
  const entries = createOfflineUserEntries({ storage, buster, isSignedIn, now });
  let latest: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let chain: Promise<void> = Promise.resolve();
  let unsubscribe: (() => void) | null = null;

  const enqueue = (step: () => Promise<void>) => {
    chain = chain.then(step).catch((error: unknown) => console.warn('Offline copy not updated', error));
    return chain;
  };

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const client = latest;
    latest = null;
    return client ? enqueue(() => entries.write(client)) : chain;
  };

  const persister: Persister = {
    persistClient: (client) => {
      latest = client;
      timer ??= setTimeout(() => void flush(), writeEveryMs);
    },
    restoreClient: () => {
      let restored: PersistedClient | undefined;
      return enqueue(async () => {
        restored = await entries.restore();
      }).then(() => restored);
    },
    removeClient: () => forget('all'),
  };

  const onHidden = () => {
    if (document.visibilityState === 'hidden') void flush();
  };

  function forget(scope: number | 'all'): Promise<void> {
    // A write not yet started must not bring the data back.
    if (scope === 'all') latest = null;
    else if (latest) {
      const queries = latest.clientState.queries.filter((query) => query.queryKey[1] !== scope);
      latest = { ...latest, clientState: { ...latest.clientState, queries } };
    }
    return enqueue(() => entries.remove(scope));
  }

  return {
    start: async (queryClient) => {
      unsubscribe = await restoreThenPersist(queryClient, persister, buster);
      document.addEventListener('visibilitychange', onHidden);
    },
    forget,
    flush,
    dispose: () => {
      unsubscribe?.();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onHidden);
    },
  };
}
