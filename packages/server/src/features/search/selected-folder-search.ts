import type { ListMode, MessageSummary } from '@webmail/contracts';
import {
  fetchListRows,
  fetchOrigins,
  type ListRow,
  type MessageOrigin,
} from '../../mail/imap/imap-fetch-rows.js';
import type { ImapArg } from '../../mail/imap/imap-raw-command.js';
import { atom, searchUidSet, sequence, threadRefs, uidsByArrival } from '../../mail/imap/imap-uid-lists.js';
import { folderState, noteFlagsChanged, sameMessages } from '../../mail/imap/selected-folder.js';
import { compressUids, expandUids } from '../../mail/imap/uid-set.js';
import type { Conversations, MessagesService } from '../messages/messages.service.js';
import { stampOf, stampValid, type SearchHitsCache, type Stamp } from './search-hits-cache.js';
import type { MailFolder } from '../../mail/mail-session.js';

/** What a search engine is asked for: the criteria (no CHARSET), the page and the list mode. */
export interface EngineRequest {
  /** The criteria in the selected folder (search-criteria.ts `criteriaInFolder`). */
  criteria: (folder: MailFolder) => Promise<ImapArg[]>;
  /** The criteria as text, for the cache key. */
  key: string;
  relative: boolean;
  offset: number;
  limit: number;
  mode: ListMode;
}

export interface EnginePage {
  total: number;
  rows: MessageSummary[];
}

/**
 * Whose rows these are: a real folder (every row is that folder's), or a virtual "all mail" folder, whose rows
 * name their real folder and UID (Dovecot's X-MAILBOX, X-REAL-UID) and are shown as that folder's.
 */
export type RowsOrigin =
  { kind: 'folder'; mailboxId: string } | { kind: 'virtual'; idOf: (path: string) => string | undefined };

interface Hits {
  stamp: Stamp;
  /** Newest first by arrival (UIDs of the searched folder, virtual UIDs in a virtual one). */
  uids: number[];
  conversations?: { list: Conversations; origins: Map<number, MessageOrigin> | null };
}

/** A page again when the folder changed under it; the third try answers whatever it has. */
const maxAttempts = 3;

/**
 * A search in the selected folder — a real one (`in:`) or Dovecot's virtual "all mail" folder, where one
 * `UID SORT RETURN (ALL) (ARRIVAL) UTF-8 <criteria>` orders the hits of every folder at once (ESORT, read by our
 * parser). The sorted hits are cached by the folder's state; a page is one `UID FETCH` of its rows. As for folder
 * lists, the page is checked afterwards: if the folder changed during it (another session's mail or flags), it is
 * built again. Call under the folder's lock.
 */
export class SelectedFolderSearch {
  constructor(
    private readonly cache: SearchHitsCache,
    private readonly messages: MessagesService,
  ) {}

  async page(
    folder: MailFolder,
    cacheKey: string,
    request: EngineRequest,
    origin: RowsOrigin,
  ): Promise<EnginePage> {
    for (let attempt = 1; ; attempt += 1) {
      const before = folderState(folder);
      const hits = await this.hits(folder, cacheKey, request, origin);
      const page =
        request.mode === 'conversations'
          ? await this.conversationPage(folder, hits, request, origin)
          : await this.messagePage(
              folder,
              hits.uids.slice(request.offset, request.offset + request.limit),
              origin,
            );
      const after = folderState(folder);
      const settled = sameMessages(before, after) && before.flagChanges === after.flagChanges;
      if (!settled && attempt < maxAttempts) continue;
      return {
        total: request.mode === 'conversations' ? hits.conversations!.list.count : hits.uids.length,
        rows: page,
      };
    }
  }

  /** The sorted hits (and conversations), from the cache while the folder is unchanged. */
  private async hits(
    folder: MailFolder,
    cacheKey: string,
    request: EngineRequest,
    origin: RowsOrigin,
  ): Promise<Hits> {
    const now = folderState(folder);
    const cached = this.cache.get<Hits>(cacheKey);
    if (cached && stampValid(cached.stamp, now) && (request.mode === 'messages' || cached.conversations)) {
      cached.stamp = stampOf(now);
      return cached;
    }
    const criteria = await request.criteria(folder);
    // Ascending and reversed here, as for folder lists: RFC 5256 keeps ties ascending even under REVERSE.
    const uids = (await uidsByArrival(folder, criteria)).reverse();
    const hits: Hits = { stamp: stampOf(now), uids };
    if (request.mode === 'conversations') {
      const threads = (await threadRefs(folder, criteria)) ?? uids.map((uid) => [uid]);
      if (origin.kind === 'virtual') {
        // A conversation row stands for messages of one folder: threads are split where they cross folders.
        const { origins } = await fetchOrigins(folder, compressUids(uids));
        hits.conversations = {
          list: this.messages.conversationsOf(splitByFolder(threads, origins), uids),
          origins,
        };
      } else {
        hits.conversations = { list: this.messages.conversationsOf(threads, uids), origins: null };
      }
    }
    this.cache.set(
      cacheKey,
      hits,
      uids.length * (request.mode === 'conversations' ? 3 : 1),
      request.relative,
    );
    return hits;
  }

  private async messagePage(
    folder: MailFolder,
    uids: number[],
    origin: RowsOrigin,
  ): Promise<MessageSummary[]> {
    const { rows, unsolicited } = await fetchListRows(folder, uids, { origin: origin.kind === 'virtual' });
    if (unsolicited > 0) noteFlagsChanged(folder);
    const byUid = new Map(rows.map((row) => [row.uid, row]));
    return uids.flatMap((uid) => {
      const row = byUid.get(uid);
      const summary = row && this.summary(row, origin);
      return summary ? [summary] : [];
    });
  }

  private async conversationPage(
    folder: MailFolder,
    hits: Hits,
    request: EngineRequest,
    origin: RowsOrigin,
  ): Promise<MessageSummary[]> {
    const { list, origins } = hits.conversations!;
    const end = Math.min(list.count, request.offset + request.limit);
    const threads: number[][] = [];
    for (let i = request.offset; i < end; i += 1) threads.push(list.at(i));
    const all = threads.flat();
    const unseenSet = all.length
      ? (await searchUidSet(folder, [atom('UID'), sequence(compressUids(all)), atom('UNSEEN')])).set
      : '';
    const unseen = new Set(expandUids(unseenSet));
    const rows = await this.messagePage(
      folder,
      threads.map((t) => t[0]!),
      origin,
    );
    return rows.map((row, i) => {
      const thread = threads[i]!;
      const real = (uid: number) => (origins ? (origins.get(uid)?.uid ?? uid) : uid);
      return {
        ...row,
        conversation: {
          count: thread.length,
          unseen: thread.filter((uid) => unseen.has(uid)).length,
          uids: thread.map(real),
        },
      };
    });
  }

  private summary(row: ListRow, origin: RowsOrigin): MessageSummary | null {
    if (origin.kind === 'folder') return this.messages.summaryOf(row, origin.mailboxId);
    const mailboxId = row.origin && origin.idOf(row.origin.path);
    if (!row.origin || !mailboxId) return null;
    return this.messages.summaryOf({ ...row, uid: row.origin.uid }, mailboxId);
  }
}

/** Threads of a virtual folder, each split into one per real folder (by the origins of its UIDs). */
export function splitByFolder(threads: readonly number[][], origins: Map<number, MessageOrigin>): number[][] {
  const out: number[][] = [];
  for (const thread of threads) {
    const byPath = new Map<string, number[]>();
    for (const uid of thread) {
      const path = origins.get(uid)?.path ?? '';
      const group = byPath.get(path);
      if (group) group.push(uid);
      else byPath.set(path, [uid]);
    }
    out.push(...byPath.values());
  }
  return out;
}
