import type { OfflineStorage } from './offline-storage';

/** An in-memory `OfflineStorage` (jsdom has no IndexedDB); values are cloned as IndexedDB would. */
export function memoryStorage(): OfflineStorage & { data: Map<IDBValidKey, unknown> } {
  const data = new Map<IDBValidKey, unknown>();
  return {
    data,
    entries: async () => [...data.entries()].map(([key, value]) => [key, structuredClone(value)]),
    set: async (key, value) => {
      data.set(key, structuredClone(value));
    },
    del: async (key) => {
      data.delete(key);
    },
    clear: async () => data.clear(),
  };
}
