import type { ListSort } from '@webmail/contracts';
import { fetchSenders, type MessageSender } from '../../mail/imap/imap-fetch-rows.js';
import { atom, searchUidSet, sequence, threadRefs, uidsSorted } from '../../mail/imap/imap-uid-lists.js';
import { folderState, type FolderState } from '../../mail/imap/selected-folder.js';
import { UidRangeSet } from '../../mail/imap/uid-set.js';
import { groupConversations } from './conversations.js';
import { sortPlan, type SortPlan } from './list-sort.js';
import {
  planSorted,
  sendersMax,
  stampOf,
  unseenValid,
  withoutRemoved,
  type ConversationList,
  type SortedList,
  type SortedUidsCache,
} from './sorted-uids-cache.js';
import type { MailFolder } from '../../mail/mail-session.js';

/**
 * The selected folder's lists, from the cache when the folder state allows it, else from the server with
 * as little work as the change needs. Call under the folder lock (withMailbox); `key` is session:path.
 */
export class FolderLists {
  constructor(private readonly cache: SortedUidsCache) {}

  /**
   * The folder's UIDs in the list's order (list-sort.ts; by default newest first by the Date header). One order is
   * cached per folder: asking for another sorts again.
   */
  async sorted(folder: MailFolder, key: string, sort?: ListSort): Promise<SortedList> {
    const order = sortPlan(folder, sort);
    const lists = this.cache.lists(key);
    const now = folderState(folder);
    const cached = lists.sorted?.sort === order.id ? lists.sorted : undefined;
    const plan = planSorted(cached, now);
    if (plan.kind === 'valid') {
      // Same list object (conversations built from it stay valid), checked against this selection now.
      cached!.stamp = stampOf(now);
      return cached!;
    }
    if (plan.kind === 'arrivals' && order.newestFirst) {
      const grown = await this.withArrivals(folder, cached!, plan.count, now, order);
      if (grown) return (lists.sorted = grown);
    }
    return (lists.sorted = await this.sortAll(folder, now, order));
  }

  /** Conversations of the folder (THREAD=REFS), in the list's order; see conversations.ts. */
  async conversations(folder: MailFolder, key: string, sort?: ListSort): Promise<ConversationList> {
    const sorted = await this.sorted(folder, key, sort);
    const lists = this.cache.lists(key);
    if (lists.conversations?.source === sorted) return lists.conversations;
    const threads = await threadRefs(folder);
    // No THREAD=REFS: every message is its own conversation (message-mode rows, nothing grouped).
    const grouped = groupConversations(threads ?? sorted.uids.map((uid) => [uid]), sorted.uids);
    return (lists.conversations = { source: sorted, grouped, threaded: threads !== null });
  }

  /** The folder's unseen UIDs (one `UID SEARCH RETURN (ALL) UNSEEN`, cached; see unseenValid). */
  async unseen(folder: MailFolder, key: string): Promise<UidRangeSet> {
    const lists = this.cache.lists(key);
    const now = folderState(folder);
    if (unseenValid(lists.unseen, now)) return lists.unseen!.uids;
    // Kept compressed: 100,000 unread messages are often one run.
    const uids = new UidRangeSet((await searchUidSet(folder, [atom('UNSEEN')])).set);
    lists.unseen = { uids, uidValidity: now.uidValidity, stamp: stampOf(now) };
    return uids;
  }

  /**
   * Senders and dates of these messages (the names of a page's conversations): those read before from the cache
   * (sorted-uids-cache.ts `SenderMap`), the others in one `UID FETCH (UID ENVELOPE)` for the whole page. A warm page
   * of conversations so needs no second command. `unsolicited` counts other sessions' FETCH lines in that reply.
   */
  async senders(
    folder: MailFolder,
    key: string,
    uids: readonly number[],
  ): Promise<{ senders: Map<number, MessageSender>; unsolicited: number }> {
    const lists = this.cache.lists(key);
    const { uidValidity } = folderState(folder);
    if (lists.senders?.uidValidity !== uidValidity) lists.senders = { uidValidity, byUid: new Map() };
    const known = lists.senders.byUid;
    const fetched = await fetchSenders(
      folder,
      uids.filter((uid) => !known.has(uid)),
    );
    const senders = new Map<number, MessageSender>();
    for (const uid of uids) {
      const sender = known.get(uid) ?? fetched.senders.get(uid);
      if (sender) senders.set(uid, sender);
    }
    for (const [uid, sender] of fetched.senders) known.set(uid, sender);
    for (const uid of known.keys()) {
      if (known.size <= sendersMax) break;
      known.delete(uid);
    }
    return { senders, unsolicited: fetched.unsolicited };
  }

  /** After the webmail moved or deleted `removed` (which existed) here: keep the sorted list valid. */
  removed(key: string, removed: readonly number[], before: FolderState, after: FolderState): void {
    const lists = this.cache.peek(key);
    if (!lists) return;
    const kept = withoutRemoved(lists.sorted, removed, before, after);
    if (!kept) {
      this.cache.forget(key);
      return;
    }
    lists.sorted = kept;
    // Conversations re-thread (a removed message can split a thread); unseen sees the expunges itself.
    delete lists.conversations;
  }

  forget(key: string): void {
    this.cache.forget(key);
  }

  private async sortAll(folder: MailFolder, now: FolderState, order: SortPlan): Promise<SortedList> {
    const answer = await uidsSorted(folder, order.keys);
    const uids = order.reverse ? answer.reverse() : answer;
    const highest = uids.reduce((max, uid) => (uid > max ? uid : max), 0);
    // `now` was taken before the SORT: an expunge reported during it makes the next check re-sort.
    return {
      sort: order.id,
      uids,
      uidValidity: now.uidValidity,
      uidNext: Math.max(now.uidNext, highest + 1),
      stamp: stampOf(now),
    };
  }

  /**
   * New mail only (newest-first lists): sorts just the UIDs from the old UIDNEXT on, together with the newest cached
   * message. A new UID is not necessarily a new message — mail moved, copied or restored into the folder keeps its
   * old date — so the new ones go on top only when every one of them sorts after that message; otherwise, or when
   * the count does not match, null (the caller re-sorts everything).
   */
  private async withArrivals(
    folder: MailFolder,
    list: SortedList,
    count: number,
    now: FolderState,
    order: SortPlan,
  ): Promise<SortedList | null> {
    const head = list.uids[0];
    // `n:*` always includes the highest UID, even one below n (`*` is the largest UID in use): filtered.
    const set = head === undefined ? `${list.uidNext}:*` : `${head},${list.uidNext}:*`;
    const sorted = await uidsSorted(folder, order.keys, [atom('UID'), sequence(set)]);
    const fresh = sorted.filter((uid) => uid >= list.uidNext);
    if (fresh.length !== count || (head !== undefined && sorted[0] !== head)) return null;
    if (sorted.length !== count + (head === undefined ? 0 : 1)) return null;
    const highest = fresh.reduce((max, uid) => (uid > max ? uid : max), 0);
    return {
      sort: list.sort,
      uids: [...fresh.reverse(), ...list.uids],
      uidValidity: list.uidValidity,
      uidNext: Math.max(list.uidNext, now.uidNext, highest + 1),
      stamp: stampOf(now),
    };
  }
}
