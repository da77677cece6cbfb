import type { MessageSummary } from '@webmail/contracts';
import { fetchArrivals, fetchListRows } from '../../mail/imap/imap-fetch-rows.js';
import { atom, searchUidSet, sequence, threadRefs } from '../../mail/imap/imap-uid-lists.js';
import { noteFlagsChanged } from '../../mail/imap/selected-folder.js';
import { compressUids, expandUids } from '../../mail/imap/uid-set.js';
import type { MailSession } from '../../mail/mail-session.js';
import type { MessagesService } from '../messages/messages.service.js';
import type { SearchHitsCache } from './search-hits-cache.js';
import { withCharset } from './search-criteria.js';
import type { ScopeFolder } from './search-scope.js';
import type { EnginePage, EngineRequest } from './selected-folder-search.js';

/** One hit: the folder (index into the scope's folders), its UID there and its arrival time. */
interface Hit {
  folder: number;
  uid: number;
  arrival: number;
}

/** A conversation of one folder: its hits newest first. */
interface FolderConversation {
  folder: number;
  uids: number[];
}

interface MergedHits {
  /** Per folder path: `uidValidity uidNext messages highestModseq` when it was searched. */
  states: Map<string, string>;
  hits: Hit[];
  conversations?: FolderConversation[];
}

const newestFirst = (a: Hit, b: Hit) => b.arrival - a.arrival || a.folder - b.folder || b.uid - a.uid;

/**
 * Cross-folder search for servers without an "all mail" folder: per folder, under its lock on the user's one
 * connection, `UID SEARCH RETURN (ALL) CHARSET UTF-8 <criteria>` (ESEARCH, a compressed set) and the hits'
 * INTERNALDATE, merged newest first by arrival across folders. The merged hits are cached while every folder's
 * STATUS (UIDVALIDITY, UIDNEXT, MESSAGES, HIGHESTMODSEQ — one LIST-STATUS round trip) is unchanged; a page is one
 * `UID FETCH` per folder it touches. Without CONDSTORE nothing is cached (flag changes could not be seen).
 */
export class FolderByFolderSearch {
  constructor(
    private readonly cache: SearchHitsCache,
    private readonly messages: MessagesService,
  ) {}

  async page(
    mail: MailSession,
    cacheKey: string,
    folders: ScopeFolder[],
    request: EngineRequest,
  ): Promise<EnginePage> {
    const merged = await this.merged(mail, cacheKey, folders, request);
    if (request.mode === 'conversations') {
      const conversations = merged.conversations!;
      const page = conversations.slice(request.offset, request.offset + request.limit);
      return { total: conversations.length, rows: await this.conversationRows(mail, folders, page) };
    }
    const page = merged.hits.slice(request.offset, request.offset + request.limit);
    const rows = await this.rows(mail, folders, page);
    return {
      total: merged.hits.length,
      rows: page.flatMap((hit) => rows.get(`${hit.folder}:${hit.uid}`) ?? []),
    };
  }

  private async states(mail: MailSession, folders: ScopeFolder[]): Promise<Map<string, string> | null> {
    const entries = await mail.list({
      statusQuery: { messages: true, uidNext: true, uidValidity: true, highestModseq: true },
    });
    const wanted = new Set(folders.map((f) => f.path));
    const states = new Map<string, string>();
    for (const entry of entries) {
      if (!wanted.has(entry.path)) continue;
      const s = entry.status;
      if (!s || s.highestModseq === undefined) return null;
      states.set(entry.path, `${s.uidValidity} ${s.uidNext} ${s.messages} ${s.highestModseq}`);
    }
    return states;
  }

  private async merged(
    mail: MailSession,
    cacheKey: string,
    folders: ScopeFolder[],
    request: EngineRequest,
  ): Promise<MergedHits> {
    const states = await this.states(mail, folders);
    const cached = this.cache.get<MergedHits>(cacheKey);
    const same =
      cached &&
      states &&
      cached.states.size === states.size &&
      [...states].every(([path, state]) => cached.states.get(path) === state);
    if (same && (request.mode === 'messages' || cached.conversations)) return cached;

    const hits: Hit[] = [];
    const conversations: Array<FolderConversation & { arrival: number }> = [];
    for (const [folder, { path }] of folders.entries()) {
      await mail.inPath(path, async (open) => {
        const criteria = await request.criteria(open);
        const found = await searchUidSet(open, withCharset(criteria));
        if (found.count === 0) return;
        const { arrivals, unsolicited } = await fetchArrivals(open, found.set);
        if (unsolicited > 0) noteFlagsChanged(open);
        const mine = [...arrivals].map(([uid, arrival]) => ({ folder, uid, arrival })).sort(newestFirst);
        hits.push(...mine);
        if (request.mode !== 'conversations') return;
        const order = mine.map((hit) => hit.uid);
        const threads = (await threadRefs(open, criteria)) ?? order.map((uid) => [uid]);
        const list = this.messages.conversationsOf(threads, order);
        for (let i = 0; i < list.count; i += 1) {
          const uids = list.at(i);
          conversations.push({ folder, uids, arrival: arrivals.get(uids[0]!) ?? 0 });
        }
      });
    }
    hits.sort(newestFirst);
    const result: MergedHits = { states: states ?? new Map(), hits };
    if (request.mode === 'conversations') {
      conversations.sort((a, b) => b.arrival - a.arrival || a.folder - b.folder || b.uids[0]! - a.uids[0]!);
      result.conversations = conversations.map(({ folder, uids }) => ({ folder, uids }));
    }
    if (states) this.cache.set(cacheKey, result, hits.length * 3, request.relative);
    return result;
  }

  /** The rows of some hits, one `UID FETCH` per folder, by `folder:uid`. */
  private async rows(
    mail: MailSession,
    folders: ScopeFolder[],
    page: Array<{ folder: number; uid: number }>,
  ): Promise<Map<string, MessageSummary>> {
    const byFolder = new Map<number, number[]>();
    for (const { folder, uid } of page) byFolder.set(folder, [...(byFolder.get(folder) ?? []), uid]);
    const out = new Map<string, MessageSummary>();
    for (const [folder, uids] of byFolder) {
      const { path, mailboxId } = folders[folder]!;
      await mail.inPath(path, async (open) => {
        const { rows, unsolicited } = await fetchListRows(open, uids);
        if (unsolicited > 0) noteFlagsChanged(open);
        for (const row of rows) out.set(`${folder}:${row.uid}`, this.messages.summaryOf(row, mailboxId));
      });
    }
    return out;
  }

  private async conversationRows(
    mail: MailSession,
    folders: ScopeFolder[],
    page: FolderConversation[],
  ): Promise<MessageSummary[]> {
    const rows = await this.rows(
      mail,
      folders,
      page.map((c) => ({ folder: c.folder, uid: c.uids[0]! })),
    );
    const unseen = new Map<number, Set<number>>();
    for (const folder of new Set(page.map((c) => c.folder))) {
      const uids = page.filter((c) => c.folder === folder).flatMap((c) => c.uids);
      await mail.inPath(folders[folder]!.path, async (open) => {
        const found = await searchUidSet(open, [atom('UID'), sequence(compressUids(uids)), atom('UNSEEN')]);
        unseen.set(folder, new Set(expandUids(found.set)));
      });
    }
    return page.flatMap((c) => {
      const row = rows.get(`${c.folder}:${c.uids[0]}`);
      if (!row) return [];
      const seenSet = unseen.get(c.folder) ?? new Set<number>();
      const conversation = {
        count: c.uids.length,
        unseen: c.uids.filter((u) => seenSet.has(u)).length,
        uids: c.uids,
      };
      return [{ ...row, conversation }];
    });
  }
}
