import type { FlagChange, MessageListResponse, MessageSummary } from '@webmail/contracts';
import { patchList, rowUids, type ListData } from './list-patch';

/**
 * What the mail server reports about a folder, applied to its cached list without asking the server again:
 * new rows (they come with the event), UIDs gone, flags changed. Each returns the same object when it changes
 * nothing, so an event that confirms what the list already shows (an optimistic action's echo) renders nothing.
 */

/** Newest first, as the list is sorted: the later date first, then the higher UID. */
function sortsBefore(a: MessageSummary, b: MessageSummary): boolean {
  const byDate = Date.parse(b.date) - Date.parse(a.date);
  return byDate < 0 || (byDate === 0 && a.id > b.id);
}

/** Whether the server has rows after the loaded pages. */
function hasMore(data: ListData): boolean {
  const last = data.pages.at(-1);
  return last !== undefined && last.offset + last.messages.length < last.total;
}

/**
 * A page's offset is where it starts in the folder: rows put in or taken out of earlier pages move it, or the next
 * page would repeat or skip a row.
 */
function withOffsets(before: ListData, pages: MessageListResponse[]): ListData {
  let shift = 0;
  const shifted = pages.map((page, index) => {
    const next = { ...page, offset: page.offset + shift };
    shift += page.messages.length - before.pages[index]!.messages.length;
    return next;
  });
  return { ...before, pages: shifted, pageParams: shifted.map((page) => page.offset) };
}

/**
 * New messages of the folder (EXISTS) put among the loaded rows in date order, newest first: each goes before the
 * first loaded row it is newer than. One older than every loaded row goes last when the whole folder is loaded, and
 * is left for its page otherwise. A UID already listed (the list was read after it arrived) is skipped. Message
 * mode only: a conversation row would have to join its thread.
 */
export function insertRows(
  data: ListData | undefined,
  rows: readonly MessageSummary[],
): ListData | undefined {
  if (!data || data.pages.length === 0) return data;
  const listed = new Set(data.pages.flatMap((page) => page.messages.map((row) => row.id)));
  const fresh = rows.filter((row) => {
    if (listed.has(row.id)) return false;
    listed.add(row.id);
    return true;
  });
  if (fresh.length === 0) return data;

  const pages = data.pages.map((page) => ({ ...page, messages: [...page.messages] }));
  const complete = !hasMore(data);
  for (const row of fresh) {
    const place = pages
      .map((page, pageIndex) => ({ pageIndex, at: page.messages.findIndex((r) => sortsBefore(row, r)) }))
      .find(({ at }) => at >= 0);
    if (place) pages[place.pageIndex]!.messages.splice(place.at, 0, row);
    else if (complete) pages.at(-1)!.messages.push(row);
  }
  return withOffsets(
    data,
    pages.map((page) => ({ ...page, total: page.total + fresh.length })),
  );
}

/** Messages expunged from the folder (EXPUNGE), in either list mode: rows gone, conversations shrunk. */
export function removeUids(data: ListData | undefined, uids: readonly number[]): ListData | undefined {
  if (!data || uids.length === 0) return data;
  const scope = new Set(uids);
  const touched = data.pages.some((page) =>
    page.messages.some((row) => rowUids(row).some((u) => scope.has(u))),
  );
  if (!touched) return data;
  const patched = patchList(data, 'delete', scope);
  return patched ? withOffsets(data, patched.pages) : patched;
}

/** A row with the flags the server reports for its UID; the same row when they are what it shows. */
function withFlags(row: MessageSummary, change: FlagChange): MessageSummary {
  if (row.seen === change.seen && row.flagged === change.flagged && row.answered === change.answered)
    return row;
  const next = { ...row, seen: change.seen, flagged: change.flagged, answered: change.answered };
  if (row.conversation && row.seen !== change.seen) {
    const unseen = row.conversation.unseen + (change.seen ? -1 : 1);
    next.conversation = {
      ...row.conversation,
      unseen: Math.min(row.conversation.count, Math.max(0, unseen)),
    };
  }
  return next;
}

/**
 * Flags changed on the server (FETCH): seen, flagged and answered of the rows with those UIDs. A conversation row is
 * patched for its own (newest) message; a change to another message of its thread cannot be placed (which of them
 * were unread is not in the row), so `needsRefetch` says the list must be read again.
 */
export function applyFlagChanges(
  data: ListData | undefined,
  changes: readonly FlagChange[],
): { data: ListData | undefined; needsRefetch: boolean } {
  if (!data || changes.length === 0) return { data, needsRefetch: false };
  const byUid = new Map(changes.map((change) => [change.uid, change]));
  let changed = false;
  let needsRefetch = false;
  const pages = data.pages.map((page) => {
    let pageChanged = false;
    const messages = page.messages.map((row) => {
      const own = byUid.get(row.id);
      if (row.conversation?.uids.some((uid) => uid !== row.id && byUid.has(uid))) needsRefetch = true;
      if (!own) return row;
      const next = withFlags(row, own);
      if (next !== row) pageChanged = true;
      return next;
    });
    if (!pageChanged) return page;
    changed = true;
    return { ...page, messages };
  });
  return { data: changed ? { ...data, pages } : data, needsRefetch };
}
