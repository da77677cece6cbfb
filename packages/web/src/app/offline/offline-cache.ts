import type { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { hasActiveSession } from '../../shared/session/session';
import {
  offlineCacheLimits,
  persistedByUser,
  shouldPersistQuery,
  signatureOf,
  type DehydratedQuery,
} from './persisted-queries';
import type { OfflineStorage } from './offline-storage';

/** One user index's entry in the store (key `u{index}`). */
interface StoredUser {
  v: 1;
  /** The build that wrote it: another build's answers may not fit its components, so they are not restored. */
  buster: string;
  savedAt: number;
  queries: DehydratedQuery[];
}

const keyOf = (userIndex: number) => `u${userIndex}`;
const userOf = (key: IDBValidKey) => {
  const match = typeof key === 'string' ? /^u(\d+)$/.exec(key) : null;
  return match ? Number(match[1]) : null;
};

const isStoredUser = (value: unknown): value is StoredUser =>
  typeof value === 'object' &&
  value !== null &&
  (value as StoredUser).v === 1 &&
  typeof (value as StoredUser).buster === 'string' &&
  typeof (value as StoredUser).savedAt === 'number' &&
  Array.isArray((value as StoredUser).queries);

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
  /** What this tab last wrote (or restored) per user index. */
  const written = new Map<number, string>();
  let latest: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let chain: Promise<void> = Promise.resolve();
  let unsubscribe: (() => void) | null = null;

  const enqueue = (step: () => Promise<void>) => {
    chain = chain.then(step).catch((error: unknown) => console.warn('Offline copy not updated', error));
    return chain;
  };

  async function write(client: PersistedClient): Promise<void> {
    const byUser = persistedByUser(client.clientState.queries, now());
    for (const [userIndex, queries] of byUser) {
      const signature = signatureOf(queries);
      if (written.get(userIndex) === signature) continue;
      if (queries.length === 0) {
        await storage.del(keyOf(userIndex));
        written.delete(userIndex);
        continue;
      }
      const entry: StoredUser = { v: 1, buster, savedAt: now(), queries };
      await storage.set(keyOf(userIndex), entry);
      written.set(userIndex, signature);
    }
    for (const userIndex of [...written.keys()]) {
      if (byUser.has(userIndex)) continue;
      await storage.del(keyOf(userIndex));
      written.delete(userIndex);
    }
  }

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const client = latest;
    latest = null;
    return client ? enqueue(() => write(client)) : chain;
  };

  async function restore(): Promise<PersistedClient | undefined> {
    const queries: DehydratedQuery[] = [];
    for (const [key, value] of await storage.entries()) {
      const userIndex = userOf(key);
      const usable =
        userIndex !== null &&
        isStoredUser(value) &&
        value.buster === buster &&
        now() - value.savedAt <= offlineCacheLimits.maxAgeMs &&
        isSignedIn(userIndex);
      if (!usable || userIndex === null) {
        await storage.del(key);
        continue;
      }
      const fresh = persistedByUser(value.queries, now()).get(userIndex) ?? [];
      queries.push(...fresh);
      written.set(userIndex, signatureOf(fresh));
    }
    return queries.length > 0
      ? { timestamp: now(), buster, clientState: { mutations: [], queries } }
      : undefined;
  }

  const persister: Persister = {
    persistClient: (client) => {
      latest = client;
      timer ??= setTimeout(() => void flush(), writeEveryMs);
    },
    restoreClient: () => {
      let restored: PersistedClient | undefined;
      return enqueue(async () => {
        restored = await restore();
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
    return enqueue(async () => {
      if (scope === 'all') {
        await storage.clear();
        written.clear();
      } else {
        await storage.del(keyOf(scope));
        written.delete(scope);
      }
    });
  }

  return {
    start: async (queryClient) => {
      try {
        await persistQueryClientRestore({
          queryClient,
          persister,
          buster,
          maxAge: offlineCacheLimits.maxAgeMs,
        });
      } catch (error) {
        console.warn('Offline copy not restored', error);
      }
      unsubscribe = persistQueryClientSubscribe({
        queryClient,
        persister,
        buster,
        dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: () => false },
      });
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
