import type { MessageSender } from '../../mail/imap/imap-fetch-rows.js';
import type { FolderState } from '../../mail/imap/selected-folder.js';
import type { UidRangeSet } from '../../mail/imap/uid-set.js';
import type { GroupedConversations } from './conversations.js';

/**
 * The per-(session, folder) lists a page of the message list needs — UIDs in the list's order, conversations, the
 * unseen set — cached by the folder's IMAP state, not by time. Bounded; the least
 * recently used folder goes first. The decisions are pure functions below; folder-lists.ts runs the IMAP
 * commands they call for.
 */

/** Which selection a list was last checked against, and the counters it had then (selected-folder.ts). */
export interface Stamp {
  selection: object;
  expunges: number;
  flagChanges: number;
  exists: number;
  highestModseq: string | null;
}

export interface SortedList {
  /** The order the list is in (list-sort.ts `sortId`; `date-desc` = newest first by the Date header). */
  sort: string;
  /** In that order. */
  uids: number[];
  uidValidity: string;
  /** Every existing message with a lower UID is in `uids`, and no other. */
  uidNext: number;
  stamp: Stamp;
}

export interface ConversationList {
  /** The sorted list these were grouped against; a new sorted list means new conversations. */
  source: SortedList;
  /** Each conversation's UIDs newest first; conversations ordered by their newest message. */
  grouped: GroupedConversations;
  /** False when the server has no THREAD=REFS and every message is its own conversation. */
  threaded: boolean;
}

export interface UnseenSet {
  uids: UidRangeSet;
  uidValidity: string;
  stamp: Stamp;
}

/**
 * Senders of the folder's messages by UID (the names of conversation rows). A message's envelope never changes
 * and a UID is never reused within one UIDVALIDITY, so entries stay valid until the UIDVALIDITY changes; at most
 * `sendersMax` per folder, the first read going first.
 */
export interface SenderMap {
  uidValidity: string;
  byUid: Map<number, MessageSender>;
}

/** Senders kept per folder: a few pages of conversations of a few participants each. */
export const sendersMax = 2_000;

interface FolderLists {
  sorted?: SortedList;
  conversations?: ConversationList;
  unseen?: UnseenSet;
  senders?: SenderMap;
}

export type SortedPlan = { kind: 'valid' } | { kind: 'arrivals'; count: number } | { kind: 'full' };

export const stampOf = (s: FolderState): Stamp => ({
  selection: s.selection,
  expunges: s.expunges,
  flagChanges: s.flagChanges,
  exists: s.exists,
  highestModseq: s.highestModseq,
});

/**
 * Whether a cached sorted list still describes the folder. Within one selection imapflow's EXISTS and our
 * expunge counter are exact: no expunge and more messages means only new mail arrived. After a new SELECT
 * its UIDNEXT and EXISTS are fresh: UIDNEXT grown together with EXISTS may be arrivals only (checked
 * against the new UIDs, see folder-lists.ts); anything else (expunges, a new UIDVALIDITY) is a full re-sort.
 */
export function planSorted(list: SortedList | undefined, now: FolderState): SortedPlan {
  if (!list || list.uidValidity !== now.uidValidity) return { kind: 'full' };
  const grown = now.exists - list.uids.length;
  if (list.stamp.selection === now.selection) {
    if (list.stamp.expunges !== now.expunges || grown < 0) return { kind: 'full' };
    return grown === 0 ? { kind: 'valid' } : { kind: 'arrivals', count: grown };
  }
  if (now.uidNext === list.uidNext && grown === 0) return { kind: 'valid' };
  if (now.uidNext > list.uidNext && grown > 0) return { kind: 'arrivals', count: grown };
  return { kind: 'full' };
}

/**
 * Whether the cached unseen set still holds. Within a selection: no flag change, expunge or arrival was
 * reported (other sessions' flag changes arrive as FETCH FLAGS, our own stores are noted). Across
 * selections: HIGHESTMODSEQ (CONDSTORE) is unchanged — it grows with every flag change, arrival and
 * expunge, so equal means nothing changed. Without CONDSTORE a new selection always searches again.
 */
export function unseenValid(set: UnseenSet | undefined, now: FolderState): boolean {
  if (!set || set.uidValidity !== now.uidValidity) return false;
  const s = set.stamp;
  if (s.selection === now.selection) {
    return s.flagChanges === now.flagChanges && s.expunges === now.expunges && s.exists === now.exists;
  }
  return s.highestModseq !== null && s.highestModseq === now.highestModseq;
}

/**
 * The sorted list after the webmail itself removed `removed` UIDs (a mass move or delete) — so moving
 * 10,000 messages out of 100,000 does not cost a re-sort. Only when the list was current right before
 * (`before`) and the expunges seen since are exactly ours; otherwise null (the caller forgets the list).
 * Mail that arrived meanwhile stays for the next planSorted, which sees the grown EXISTS.
 */
export function withoutRemoved(
  list: SortedList | undefined,
  removed: readonly number[],
  before: FolderState,
  after: FolderState,
): SortedList | null {
  if (!list || planSorted(list, before).kind !== 'valid' || list.stamp.selection !== before.selection) {
    return null;
  }
  if (after.selection !== before.selection || after.expunges - before.expunges !== removed.length)
    return null;
  const gone = new Set(removed);
  const uids = list.uids.filter((uid) => !gone.has(uid));
  if (uids.length !== list.uids.length - removed.length) return null;
  return { ...list, uids, stamp: stampOf(after) };
}

/**
 * Roughly how many UIDs an entry holds (a conversation list costs about twice its messages, a sender with its name
 * and address about ten UIDs).
 */
function weight(lists: FolderLists): number {
  return (
    (lists.sorted?.uids.length ?? 0) +
    2 * (lists.conversations?.source.uids.length ?? 0) +
    2 * (lists.unseen?.uids.runs ?? 0) +
    10 * (lists.senders?.byUid.size ?? 0)
  );
}

export class SortedUidsCache {
  private readonly entries = new Map<string, FolderLists>();

  /**
   * Bounded by folders and by the UIDs held (~8–20 bytes each): a few 100,000-message folders must not
   * grow the process by gigabytes.
   */
  constructor(
    private readonly maxEntries = 500,
    private readonly maxUids = 5_000_000,
  ) {}

  /** The folder's lists (created empty), marked as most recently used; older folders may be dropped. */
  lists(key: string): FolderLists {
    let entry = this.entries.get(key);
    if (entry) this.entries.delete(key);
    else entry = {};
    this.entries.set(key, entry);
    let total = 0;
    for (const lists of this.entries.values()) total += weight(lists);
    for (const [oldest, lists] of this.entries) {
      if (oldest === key || (this.entries.size <= this.maxEntries && total <= this.maxUids)) break;
      total -= weight(lists);
      this.entries.delete(oldest);
    }
    return entry;
  }

  peek(key: string): FolderLists | undefined {
    return this.entries.get(key);
  }

  /** After a change the webmail made and cannot apply to the lists (e.g. the target of a move). */
  forget(key: string): void {
    this.entries.delete(key);
  }

  forgetSession(sessionId: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${sessionId}:`)) this.entries.delete(key);
  }

  /** Folders of this session held (tests). */
  sizeOf(sessionId: string): number {
    return [...this.entries.keys()].filter((key) => key.startsWith(`${sessionId}:`)).length;
  }
}
