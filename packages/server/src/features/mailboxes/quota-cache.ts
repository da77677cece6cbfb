import type { Quota } from '@webmail/contracts';

/**
 * GETQUOTAROOT costs ~100 ms on a big folder with Dovecot's count backend (100k messages), so the
 * quota is read at most once per `maxAgeMs` per session, and again after a change the webmail made.
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

  invalidate(sessionId: string): void {
    this.entries.delete(sessionId);
  }
}
