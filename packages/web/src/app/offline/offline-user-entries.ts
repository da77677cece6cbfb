import type { PersistedClient } from '@tanstack/query-persist-client-core';
import { offlineCacheLimits, persistedByUser, signatureOf, type DehydratedQuery } from './persisted-queries';
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

/** An entry restored: this build's, not too old, of a user index still signed in on the device. */
function isUsable(
  value: unknown,
  userIndex: number,
  { buster, now, isSignedIn }: EntriesOptions,
): value is StoredUser {
  return (
    isStoredUser(value) &&
    value.buster === buster &&
    now() - value.savedAt <= offlineCacheLimits.maxAgeMs &&
    isSignedIn(userIndex)
  );
}

interface EntriesOptions {
  storage: OfflineStorage;
  buster: string;
  isSignedIn: (userIndex: number) => boolean;
  now: () => number;
}

/** The per-user entries of the offline copy: what the store holds, and what this tab last wrote of each user. */
export interface OfflineUserEntries {
  /** Writes the users whose part of the cache changed; deletes the entries of users gone from it. */
  write: (client: PersistedClient) => Promise<void>;
  /** Reads the usable entries back (deleting the others), as one persisted client; undefined when none. */
  restore: () => Promise<PersistedClient | undefined>;
  /** Deletes the entry of one user index, or every entry (`all`). */
  remove: (scope: number | 'all') => Promise<void>;
}

export function createOfflineUserEntries(options: EntriesOptions): OfflineUserEntries {
  const { storage, buster, now } = options;
  /** What this tab last wrote (or restored) per user index. */
  const written = new Map<number, string>();

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

  async function restore(): Promise<PersistedClient | undefined> {
    const queries: DehydratedQuery[] = [];
    for (const [key, value] of await storage.entries()) {
      const userIndex = userOf(key);
      if (userIndex === null || !isUsable(value, userIndex, options)) {
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

  async function remove(scope: number | 'all'): Promise<void> {
    if (scope === 'all') {
      await storage.clear();
      written.clear();
    } else {
      await storage.del(keyOf(scope));
      written.delete(scope);
    }
  }

  return { write, restore, remove };
}
