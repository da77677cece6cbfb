export interface Debouncer {
  /** (Re)starts the wait; the call runs `waitMs` after the last schedule, or `maxWaitMs` after the first. */
  schedule: () => void;
  /** Runs a pending call now (nothing when none is pending). */
  flush: () => void;
  cancel: () => void;
  pending: () => boolean;
}

/**
 * A trailing debounce with a maximum wait (recipient search 250 ms, max 1000 ms), so a user who
 * never pauses still gets results and drafts still get saved. The clock is `Date.now`, which fake timers
 * control in tests.
 */
export function createDebouncer(run: () => void, waitMs: number, maxWaitMs: number): Debouncer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstScheduledAt: number | null = null;

  const fire = () => {
    timer = undefined;
    firstScheduledAt = null;
    run();
  };

  return {
    schedule() {
      const now = Date.now();
      firstScheduledAt ??= now;
      if (timer !== undefined) clearTimeout(timer);
      const delay = Math.max(0, Math.min(waitMs, firstScheduledAt + maxWaitMs - now));
      timer = setTimeout(fire, delay);
    },
    flush() {
      if (timer === undefined) return;
      clearTimeout(timer);
      fire();
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      firstScheduledAt = null;
    },
    pending: () => timer !== undefined,
  };
}
