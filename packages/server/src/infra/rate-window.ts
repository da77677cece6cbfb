/**
 * Counts events per key in a sliding window, in memory: once `max` events fall inside `windowMs` the key is
 * limited until the oldest of them leaves the window. Used per account (failed sign-ins, whatever IP they
 * come from) and per session (refreshes); per-IP limits are the routes' rate limits.
 * One process only: several nodes each keep their own count (stated in the README).
 */
export class RateWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  isLimited(key: string, now = Date.now()): boolean {
    return this.recent(key, now).length >= this.max;
  }

  hit(key: string, now = Date.now()): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.sweep(now);
  }

  clear(key: string): void {
    this.hits.delete(key);
  }

  /** Whole seconds until the key is no longer limited (0 when it is not). */
  retryAfterSeconds(key: string, now = Date.now()): number {
    const recent = this.recent(key, now);
    if (recent.length < this.max) return 0;
    const oldestCounted = recent[recent.length - this.max] ?? now;
    return Math.max(1, Math.ceil((oldestCounted + this.windowMs - now) / 1000));
  }

  private recent(key: string, now: number): number[] {
    return (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
  }

  private sweep(now: number): void {
    for (const [key, times] of this.hits) {
      if (times.every((t) => now - t >= this.windowMs)) this.hits.delete(key);
    }
  }
}
