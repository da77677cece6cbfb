import type { Quota } from '@webmail/contracts';

/**
 * GETQUOTAROOT costs ~100 ms on a big folder with Dovecot's count backend (100k messages), so the
 * quota is read at most once per `maxAgeMs` per session, and again after a change the webmail made.
 * Bounded by `maxEntries` sessions; a session's entry goes when the session ends.
 */
export class QuotaCache {
  private readonly entries = new Map<string, { at: number; quota: Quota | null }>();

  constructor(
    private readonly maxAgeMs = 60_000,
    private readonly maxEntries = 10_000,
  ) {}

  get(sessionId: string, now = Date.now()): { quota: Quota | null } | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry || now - entry.at >= this.maxAgeMs) return undefined;
    return { quota: entry.quota };
  }

  set(sessionId: string, quota: Quota | null, now = Date.now()): void {
    this.entries.delete(sessionId);
    this.entries.set(sessionId, { at: now, quota });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** Read again at the next use; the session still counts as having had its quota read (`known`). */
  invalidate(sessionId: string): void {
    const entry = this.entries.get(sessionId);
    if (entry) entry.at = Number.NEGATIVE_INFINITY;
  }

  /** Whether the session's quota was read before (false only until its first read: the sign-in). */
  known(sessionId: string): boolean {
    return this.entries.has(sessionId);
  }

  /** The session ended: nothing of it is kept. */
  forget(sessionId: string): void {
    this.entries.delete(sessionId);
  }

  get size(): number {
    return this.entries.size;
  }
}
