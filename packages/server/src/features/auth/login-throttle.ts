/**
 * Failed sign-ins per address, in memory: after `max` failures within `windowMs` the address is locked
 * until the window passes, whatever IP the attempts come from (the per-IP limit is the route's rate limit).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max = 10,
    private readonly windowMs = 15 * 60_000,
  ) {}

  isLocked(email: string, now = Date.now()): boolean {
    return this.recent(email, now).length >= this.max;
  }

  fail(email: string, now = Date.now()): void {
    this.failures.set(email, [...this.recent(email, now), now]);
  }

  succeed(email: string): void {
    this.failures.delete(email);
  }

  private recent(email: string, now: number): number[] {
    return (this.failures.get(email) ?? []).filter((t) => now - t < this.windowMs);
  }
}
