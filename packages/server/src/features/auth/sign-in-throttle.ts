import { systemClock, type Clock } from '../../infra/test-clock.js';

const dayMs = 86_400_000;

interface Failures {
  count: number;
  lastAt: number;
}

/**
 * Failed sign-ins per key, with a growing delay instead of one fixed lock: `freeFailures` failures may come
 * back to back; from then on each failure locks the key for 1 s, 2 s, 4 s … up to `maxDelayMs`, so guessing gets
 * slower and slower while a mistyping owner waits seconds, not a quarter of an hour. Attempts during a
 * lock are refused before they reach the mail server and are not counted. A key is forgotten after
 * `forgetMs` without a failure (longer than the longest delay, or waiting it out would reset the count).
 * One process only, like RateWindow.
 */
export class SignInThrottle {
  private readonly failures = new Map<string, Failures>();

  constructor(
    private readonly freeFailures: number,
    private readonly maxDelayMs: number,
    /** What the locks are measured by (a movable clock in tests). */
    private readonly clock: Clock = systemClock,
    private readonly forgetMs = dayMs,
    private readonly baseDelayMs = 1000,
  ) {}

  /** Whole seconds until the key may try again (0: now). */
  retryAfterSeconds(key: string): number {
    const now = this.clock.now();
    const entry = this.current(key, now);
    if (!entry) return 0;
    const wait = entry.lastAt + this.delayAfter(entry.count) - now;
    return wait > 0 ? Math.ceil(wait / 1000) : 0;
  }

  fail(key: string): void {
    const now = this.clock.now();
    const entry = this.current(key, now);
    this.failures.set(key, { count: (entry?.count ?? 0) + 1, lastAt: now });
    if (this.failures.size > 10_000) this.sweep(now);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  private delayAfter(count: number): number {
    if (count < this.freeFailures) return 0;
    const doublings = Math.min(count - this.freeFailures, 40);
    return Math.min(this.baseDelayMs * 2 ** doublings, this.maxDelayMs);
  }

  private current(key: string, now: number): Failures | undefined {
    const entry = this.failures.get(key);
    if (entry && now - entry.lastAt >= this.forgetMs) {
      this.failures.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.failures)
      if (now - entry.lastAt >= this.forgetMs) this.failures.delete(key);
  }
}
