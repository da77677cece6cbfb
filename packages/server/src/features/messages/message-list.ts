import type { ConversationInfo, ListMode, ListSort, MessageListResponse } from '@webmail/contracts';
import { fetchListRows, type ListRow } from '../../mail/imap/imap-fetch-rows.js';
import { folderState, noteFlagsChanged, sameMessages } from '../../mail/imap/selected-folder.js';
import { conversationAt, conversationCount, conversationOf } from './conversations.js';
import { conversationParticipants, participantUids } from './conversation-participants.js';
import type { FolderLists } from './folder-lists.js';
import { toSummary } from './message-summary.js';
import type { MailFolder } from '../../mail/mail-session.js';
import { frontFirst, wokenOnTop, type WokenMessages } from './woken-first.js';

export interface ListRequest {
  mailboxId: string;
  /** The account (its woken messages are listed first). */
  account: string;
  /** The signed-in user's address: a conversation row names them as "me". */
  selfAddress: string;
  offset: number;
  limit: number;
  mode: ListMode;
  sort?: ListSort;
}

interface PageItem {
  uid: number;
  conversation?: ConversationInfo;
}

/** A page again when the folder changed under it; the third try answers whatever it has. */
const maxAttempts = 3;

/**
 * One page of the selected folder (call under withMailbox; `key` is session:path). The cached lists are
 * trusted without asking the server first — that would cost a round trip on every page — and checked
 * afterwards instead: Dovecot reports other sessions' changes (EXISTS, EXPUNGE, FETCH FLAGS) at the end of
 * each command, so if the page's own commands brought any, the page is built again from the updated
 * lists. Unchanged folders cost exactly one UID FETCH (read by our own parser, imap-fetch-rows.ts).
 */
export async function listPage(
  folder: MailFolder,
  lists: FolderLists,
  key: string,
  request: ListRequest,
  woken?: WokenMessages,
): Promise<MessageListResponse> {
  for (let attempt = 1; ; attempt += 1) {
    const before = folderState(folder);
    const page =
      request.mode === 'conversations'
        ? await conversationItems(folder, lists, key, request, woken)
        : await messageItems(folder, lists, key, request, woken);
    const uids = page.items.map((item) => item.uid);
    // An empty page sends no command, so Dovecot has had no command's end to report new mail at (with live
    // mail off, a poll of an empty folder would never see its first message): ask once.
    if (uids.length === 0 && attempt === 1) await folder.noop();
    const { rows, unsolicited } = await fetchListRows(folder, uids);
    const senders = await pageSenders(folder, lists, key, page.items);
    // Another session's flag change reported during this FETCH arrives as an extra `* n FETCH (MODSEQ
    // (m) FLAGS (…))` inside the FETCH reply (no imapflow event), so it is counted here.
    if (unsolicited + senders.unsolicited > 0 || rows.length !== uids.length) noteFlagsChanged(folder);
    const after = folderState(folder);
    const settled =
      sameMessages(before, after) &&
      (request.mode === 'messages' || before.flagChanges === after.flagChanges);
    if (!settled && attempt < maxAttempts) continue;
    const byUid = new Map<number, ListRow>();
    for (const row of rows) if (!byUid.has(row.uid)) byUid.set(row.uid, row);
    // The page's other senders and each row's own (conversations are disjoint: one map serves every row).
    const known = senders.senders;
    const messages = page.items.flatMap(({ uid, conversation }) => {
      const row = byUid.get(uid);
      if (!row) return [];
      const summary = toSummary(row, request.mailboxId);
      if (!conversation) return [summary];
      known.set(uid, { from: row.envelope?.from?.[0], date: Date.parse(summary.date) });
      const participants = conversationParticipants(
        participantUids(conversation.uids),
        known,
        page.unseen,
        request.selfAddress,
      );
      return [{ ...summary, conversation: { ...conversation, participants } }];
    });
    return { total: page.total, offset: request.offset, messages };
  }
}

/** The page's rows; messages woken from snooze first (woken-first.ts). */
async function messageItems(
  folder: MailFolder,
  lists: FolderLists,
  key: string,
  request: ListRequest,
  woken?: WokenMessages,
) {
  const sorted = await lists.sorted(folder, key, request.sort);
  const { uids } = sorted;
  const ctx = { folder, lists, key, ...request };
  const pinned = await wokenOnTop(ctx, woken, { uidNext: sorted.uidNext, rank: (uid) => uids.indexOf(uid) });
  const at = frontFirst(pinned.map((uid) => uids.indexOf(uid)));
  const items: PageItem[] = [];
  for (let i = request.offset; i < Math.min(uids.length, request.offset + request.limit); i += 1) {
    items.push({ uid: uids[at(i)]! });
  }
  return { total: uids.length, items, unseen: { has: () => false } };
}

/**
 * The row is each conversation's first message in the list's order (its newest by default); `conversation` counts
 * its messages in this folder.
 */
async function conversationItems(
  folder: MailFolder,
  lists: FolderLists,
  key: string,
  request: ListRequest,
  woken?: WokenMessages,
) {
  const { grouped, source } = await lists.conversations(folder, key, request.sort);
  const ctx = { folder, lists, key, ...request };
  const rank = (uid: number) => grouped.uids.indexOf(uid);
  const pinned = await wokenOnTop(ctx, woken, { uidNext: source.uidNext, rank });
  const at = frontFirst([...new Set(pinned.map((uid) => conversationOf(grouped, uid)))]);
  const unseen = await lists.unseen(folder, key);
  const total = conversationCount(grouped);
  const items: PageItem[] = [];
  for (let i = request.offset; i < Math.min(total, request.offset + request.limit); i += 1) {
    const uids = conversationAt(grouped, at(i));
    const count = uids.length;
    items.push({
      uid: uids[0]!,
      conversation: { count, unseen: uids.filter((u) => unseen.has(u)).length, uids },
    });
  }
  return { total, items, unseen };
}

/**
 * The senders of the page's conversations (other than the rows themselves): those not read before in one more FETCH
 * for the whole page, never one per row (folder-lists.ts `senders`); a page without conversations of several
 * messages, or whose senders are all known, asks nothing.
 */
async function pageSenders(folder: MailFolder, lists: FolderLists, key: string, items: PageItem[]) {
  const uids = items.flatMap(({ uid, conversation }) =>
    conversation ? participantUids(conversation.uids).filter((other) => other !== uid) : [],
  );
  return lists.senders(folder, key, uids);
}
