import { eventStreamLimits } from '@webmail/contracts';

export interface Batch<T> {
  add: (item: T) => void;
  /** Hands over what is waiting now. */
  flush: () => void;
  /** Drops what is waiting; nothing more is handed over. */
  dispose: () => void;
}

/**
 * Collects items and hands them over together: `debounceMs` after the last one arrived, but never later than
 * `maxWaitMs` after the first one of the batch (a steady trickle of events still gets through).
 */
export function createBatch<T>(
  onFlush: (items: T[]) => void,
  {
    debounceMs = eventStreamLimits.batchDebounceMs,
    maxWaitMs = eventStreamLimits.batchMaxWaitMs,
  }: { debounceMs?: number; maxWaitMs?: number } = {},
): Batch<T> {
  let items: T[] = [];
  let debounce: ReturnType<typeof setTimeout> | null = null;
  let maxWait: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;

  const clearTimers = () => {
    if (debounce !== null) clearTimeout(debounce);
    if (maxWait !== null) clearTimeout(maxWait);
    debounce = maxWait = null;
  };

  const flush = () => {
    clearTimers();
    if (items.length === 0) return;
    const batch = items;
    items = [];
    onFlush(batch);
  };

  return {
    add: (item) => {
      if (disposed) return;
      items.push(item);
      if (debounce !== null) clearTimeout(debounce);
      debounce = setTimeout(flush, debounceMs);
      maxWait ??= setTimeout(flush, maxWaitMs);
    },
    flush,
    dispose: () => {
      disposed = true;
      clearTimers();
      items = [];
    },
  };
}
