import { defaultListSort, type ListSort } from '@webmail/contracts';
import { folderState } from '../../mail/imap/selected-folder.js';
import type { MailFolder } from '../../mail/mail-session.js';
import type { FolderLists } from './folder-lists.js';

/** A message woken from snooze into a folder (its UID there under that UIDVALIDITY). */
export interface WokenEntry {
  account: string;
  mailboxId: string;
  uidValidity: string;
  uid: number;
  wokenAt: number;
}

/** Where the list learns which messages were woken into a folder (the snooze feature's records). */
export interface WokenMessages {
  /** The folder's woken messages still within their time on top, newest wake first. */
  inFolder(account: string, mailboxId: string): Promise<WokenEntry[]>;
  remove(entries: WokenEntry[]): Promise<void>;
}

export interface WokenContext {
  folder: MailFolder;
  lists: FolderLists;
  key: string;
  account: string;
  mailboxId: string;
  sort?: ListSort;
}

const isDefaultSort = (sort?: ListSort) =>
  !sort || (sort.field === defaultListSort.field && sort.order === defaultListSort.order);

/**
 * The woken messages to list first (newest wake first; woken together, in the list's order): only in the default
 * order (newest first by date), and only while each is here and unread. A message the list knows (a UID below the list's UIDNEXT) that is read,
 * gone or under another UIDVALIDITY loses its place for good — marking it unread again does not lift it back —
 * and its record goes. A UID beyond what the list knows waits for the list to catch up.
 */
export async function wokenOnTop(
  ctx: WokenContext,
  woken: WokenMessages | undefined,
  list: { uidNext: number; rank: (uid: number) => number },
): Promise<number[]> {
  if (!woken || !isDefaultSort(ctx.sort)) return [];
  const entries = await woken.inFolder(ctx.account, ctx.mailboxId);
  if (!entries.length) return [];
  const { uidValidity } = folderState(ctx.folder);
  const unseen = await ctx.lists.unseen(ctx.folder, ctx.key);
  const keep: Array<{ uid: number; wokenAt: number; rank: number }> = [];
  const drop: WokenEntry[] = [];
  for (const entry of entries) {
    if (entry.uidValidity === uidValidity && entry.uid >= list.uidNext) continue;
    const rank = entry.uidValidity === uidValidity && unseen.has(entry.uid) ? list.rank(entry.uid) : -1;
    if (rank >= 0) keep.push({ uid: entry.uid, wokenAt: entry.wokenAt, rank });
    else drop.push(entry);
  }
  if (drop.length) await woken.remove(drop);
  return keep.sort((a, b) => b.wokenAt - a.wokenAt || a.rank - b.rank).map((k) => k.uid);
}

/**
 * The list's order with the positions in `front` (distinct, in the order to show them) moved to the start and
 * everything else in its place: position `i` of that order, so every page of it is cut from the same order (no
 * row twice, none lost) and the total stays the same.
 */
export function frontFirst(front: readonly number[]): (i: number) => number {
  const ascending = [...front].sort((a, b) => a - b);
  return (i) => {
    if (i < front.length) return front[i]!;
    let position = i - front.length;
    for (const taken of ascending) {
      if (taken <= position) position += 1;
      else break;
    }
    return position;
  };
}
