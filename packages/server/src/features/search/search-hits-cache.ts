import type { FolderState } from '../../mail/imap/selected-folder.js';

/**
 * A search's sorted hits, kept like a folder's sorted list: by the IMAP state of what was searched, not by time,
 * so scrolling and opening the same search again cost no SEARCH or SORT while nothing changed. Bounded by
 * entries and by the UIDs held; the least recently used goes first. A query with relative periods
 * (`newer_than:7d`) also expires after a minute, as its answer moves with the clock.
 */

/** The selected folder's state a result was computed against (selected-folder.ts). */
export interface Stamp {
  selection: object;
  uidValidity: string;
  uidNext: number;
  exists: number;
  expunges: number;
  flagChanges: number;
  highestModseq: string | null;
}

export const stampOf = (s: FolderState): Stamp => ({
  selection: s.selection,
  uidValidity: s.uidValidity,
  uidNext: s.uidNext,
  exists: s.exists,
  expunges: s.expunges,
  flagChanges: s.flagChanges,
  highestModseq: s.highestModseq,
});

/**
 * Whether a result still describes the folder. Within one selection: no arrival, expunge or flag change was
 * seen (flags matter: `is:unread`). Across selections: HIGHESTMODSEQ (CONDSTORE), which grows with every change,
 * and UIDNEXT and EXISTS are all equal; without CONDSTORE a new selection always searches again.
 */
export function stampValid(stamp: Stamp, now: FolderState): boolean {
  if (stamp.uidValidity !== now.uidValidity) return false;
  if (stamp.selection === now.selection) {
    return (
      stamp.exists === now.exists && stamp.expunges === now.expunges && stamp.flagChanges === now.flagChanges
    );
  }
  return (
    stamp.highestModseq !== null &&
    stamp.highestModseq === now.highestModseq &&
    stamp.uidNext === now.uidNext &&
    stamp.exists === now.exists
  );
}

export interface CacheEntry<T> {
  value: T;
  /** How many UIDs it holds (for the bound). */
  weight: number;
  createdAt: number;
  /** Expires after `relativeTtlMs` (the query counts back from now). */
  relative: boolean;
}

export const relativeTtlMs = 60_000;

export class SearchHitsCache {
  private readonly entries = new Map<string, CacheEntry<unknown>>();
  private held = 0;

  constructor(
    private readonly maxEntries = 200,
    private readonly maxUids = 2_000_000,
  ) {}

  get<T>(key: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.relative && now - entry.createdAt > relativeTtlMs) {
      this.delete(key);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value as T;
  }

  set<T>(key: string, value: T, weight: number, relative: boolean, now = Date.now()): void {
    this.delete(key);
    this.entries.set(key, { value, weight, createdAt: now, relative });
    this.held += weight;
    for (const [oldest] of this.entries) {
      if (oldest === key || (this.entries.size <= this.maxEntries && this.held <= this.maxUids)) break;
      this.delete(oldest);
    }
  }

  /** A session's connection ended: its results describe a view that is gone. */
  forgetSession(sessionId: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(`${sessionId}\n`)) this.delete(key);
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.held -= entry.weight;
    this.entries.delete(key);
  }
}
