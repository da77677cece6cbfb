import { clear, createStore, del, entries, set, type UseStore } from 'idb-keyval';

/** The key-value store under the offline copy (IndexedDB in the browser, a Map in tests). */
export interface OfflineStorage {
  entries: () => Promise<Array<[IDBValidKey, unknown]>>;
  set: (key: string, value: unknown) => Promise<void>;
  del: (key: IDBValidKey) => Promise<void>;
  clear: () => Promise<void>;
}

/** The IndexedDB database and object store of the offline copy (the e2e test looks into them). */
export const offlineDatabase = { name: 'webmail-offline', store: 'queries' } as const;

/**
 * IndexedDB through idb-keyval (a few hundred bytes; values are stored by structured clone, no JSON step). The
 * database is opened on first use.
 */
export function indexedDbStorage(): OfflineStorage {
  let store: UseStore | null = null;
  const opened = () => (store ??= createStore(offlineDatabase.name, offlineDatabase.store));
  return {
    entries: () => entries(opened()),
    set: (key, value) => set(key, value, opened()),
    del: (key) => del(key, opened()),
    clear: () => clear(opened()),
  };
}
