import type { TimeoutProvider } from '@tanstack/react-query';

/** The longest delay a browser timer takes (2^31 − 1 ms, ~24.8 days); a later one fires at once. */
const longestDelayMs = 2 ** 31 - 1;

interface Pending {
  due: number;
  run: () => void;
  /** An interval's period: it is due again this long after it ran. */
  every?: number;
}

/**
 * TanStack Query's timers (each query's stale and garbage-collection times, each observer's stale time and polling) on
 * one browser timer, set for the earliest of them (`timeoutManager.setTimeoutProvider`). The first render of the mailbox
 * mounts a few dozen observers; each set a browser timer in the same task, and while the browser records a
 * performance trace (Lighthouse, DevTools) every timer set records its stack, ~1 ms a timer on a phone. Here a
 * timer later than the one already set costs a map entry, and so does an interval (each observer of the session query
 * `useMe` polls).
 *
 * `now` is the clock the due times are kept in; the browser timer is only the wake-up, so a wake-up that comes
 * early runs nothing and sets the timer again for what is left.
 */
export function coalescedTimeouts(now: () => number = () => performance.now()): TimeoutProvider<number> {
  const pending = new Map<number, Pending>();
  let lastId = 0;
  let wakeUp: { at: number; timer: ReturnType<typeof setTimeout> } | null = null;

  let wakeUpQueued = false;
  const wakeUpAt = () => wakeUp?.at ?? Infinity;

  /**
   * Sets the wake-up for the earliest timeout once the running code is done: a render's effects set a few dozen
   * timeouts, each earlier than the last (queries answered at different times), and would otherwise each set it.
   */
  function queueWakeUp(): void {
    if (wakeUpQueued) return;
    wakeUpQueued = true;
    queueMicrotask(() => {
      wakeUpQueued = false;
      let next = Infinity;
      for (const entry of pending.values()) next = Math.min(next, entry.due);
      if (next < wakeUpAt()) setWakeUp(next);
    });
  }

  function setWakeUp(at: number): void {
    if (wakeUp) clearTimeout(wakeUp.timer);
    wakeUp = { at, timer: setTimeout(runDue, Math.min(Math.max(0, at - now()), longestDelayMs)) };
  }

  function runDue(): void {
    wakeUp = null;
    const time = now();
    // In the order they are due, and those due at the same time in the order they were set (ids grow).
    const due = [...pending]
      .filter(([, entry]) => entry.due <= time)
      .sort(([a, x], [b, y]) => x.due - y.due || a - b);
    for (const [id] of due) {
      // One that an earlier callback cleared does not run.
      const entry = pending.get(id);
      if (!entry) continue;
      if (entry.every === undefined) pending.delete(id);
      else entry.due = time + entry.every;
      try {
        entry.run();
      } catch (error) {
        // One callback's failure is reported as a browser timer's would be, and the others still run.
        reportError(error);
      }
    }
    if (pending.size > 0) queueWakeUp();
  }

  function add(callback: () => void, delay: number, every?: number): number {
    const id = ++lastId;
    const due = now() + Math.max(0, delay || 0);
    pending.set(id, { due, run: () => callback(), every });
    if (due < wakeUpAt()) queueWakeUp();
    return id;
  }

  // The wake-up stays set when one is cleared: when it comes with nothing due, it is set again for the next.
  const clear = (id: number | undefined) => void (id !== undefined && pending.delete(id));

  return {
    setTimeout: (callback, delay) => add(callback, delay),
    clearTimeout: clear,
    setInterval: (callback, delay) => add(callback, delay, Math.max(1, delay || 0)),
    clearInterval: clear,
  };
}
