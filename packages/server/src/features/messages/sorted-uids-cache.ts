/**
 * A folder's newest-first UID list, valid while the folder's IMAP state (UIDVALIDITY, UIDNEXT, EXISTS)
 * is unchanged — cache by state, not by time (architecture §6). Bounded; least recently used goes first.
 */
export class SortedUidsCache {
  private readonly entries = new Map<string, { state: string; uids: number[] }>();

  constructor(private readonly maxEntries = 500) {}

  get(key: string, state: string): number[] | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.state !== state) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.uids;
  }

  set(key: string, state: string, uids: number[]): void {
    this.entries.delete(key);
    this.entries.set(key, { state, uids });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** After the webmail itself changed a folder (mass actions): cheaper than trusting the state key. */
  forget(key: string): void {
    this.entries.delete(key);
  }

  forgetSession(sessionId: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${sessionId}:`)) this.entries.delete(key);
  }
}
