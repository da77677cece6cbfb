import type { ThreadResponse } from '@webmail/contracts';
import { AppError, notFound } from '../../infra/errors.js';
import { fetchListRows, fetchPreviews, type ListRow } from '../../mail/imap/imap-fetch-rows.js';
import { fetchSeeingArrivals } from '../../mail/imap/selected-folder.js';
import type { ThreadIndexes } from '../../mail/imap/thread-index.js';
import type { MailConnection, MailFolder, MailSession } from '../../mail/mail-session.js';
import type { KnownFolderStatus } from '../../mail/watch/folder-status.js';
import type { SessionContext } from '../../infra/session/session-context.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import { snippetOf } from './message-snippet.js';
import { openedStamp, otherStamp, ThreadCache } from './thread-cache.js';
import { FolderGone, ThreadFolders, type ThreadFolder } from './thread-folders.js';
import {
  baseSubject,
  candidateCriteria,
  maxCandidates,
  rootIdOf,
  threadOf,
  toThreadResponse,
  withCurrentRow,
  type Found,
} from './thread-rows.js';

/**
 * A conversation: the messages whose threadId — the hash of the thread root's
 * Message-ID — equals the addressed message's, gathered from its folder, the Inbox and Sent. Each folder's
 * candidates come from its conversation index (mail/imap/thread-index.ts: in memory, brought up to date with one
 * FETCH of what arrived since), read in the background once the folder was listed (`prepare`). Inbox or Sent whose
 * index holds none of the conversation, and whose state shows nothing new, is not even selected (the state the
 * account's mailbox watcher last heard, else one STATUS). A folder without
 * an index yet is searched under its own lock with one `UID SEARCH OR HEADER Message-ID <root> OR HEADER References
 * <root> HEADER In-Reply-To <root>` (a substring match, unindexed: Dovecot reads every message's headers). Either
 * way candidates are then checked by their computed threadId. A copy of one message found in two folders (mail to
 * oneself) is listed once, from the first folder in that order. Bodies come from the message detail route.
 *
 * The addressed folder is searched last, so it is still selected for the message request that follows
 * (a SELECT costs a round trip, and Dovecot's first FETCH after one is slow). Rows are read with the
 * message list's own FETCH (imap-fetch-rows.ts): the snippet of a collapsed message is Dovecot's PREVIEW
 * (RFC 8970), which it keeps cached, instead of a body download — asked only for the conversation's
 * messages, not every subject match; the addressed message, fetched first, is not fetched again. A conversation opened again while its folders are unchanged comes from
 * ThreadCache.
 */
export class ThreadService {
  private readonly folders: ThreadFolders;
  private readonly cache = new ThreadCache();
  private readonly preparing = new Set<string>();
  /** Per account, the preparation under way: one at a time, so an account reads one folder index at a time. */
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    mailboxes: MailboxesService,
    private readonly indexes: ThreadIndexes,
    /** Runs the indexes' reading on a connection of the account's own, not on the asking session's. */
    private readonly accountWork: AccountWork,
    /** How long after a folder was listed its indexes start reading (the user's next clicks go first). */
    private readonly prepareDelayMs = 1000,
    /** Folder states the account's mailbox watcher knows (no STATUS per open then). */
    private readonly known: KnownFolderStatus = () => null,
  ) {
    this.folders = new ThreadFolders(mailboxes);
  }

  /**
   * After a folder was listed: reads the conversation indexes of it, the Inbox and Sent in the background (one at
   * a time, in chunks), so opening any message shown needs no header search. The indexes belong to the account,
   * not to the session that listed: they are read on a connection of their own (`accountWork`), so the session
   * may sign out meanwhile, another session's listing in the same moment needs no reading of its own, and the
   * user's requests never queue behind the reading. Resolves when they are read (tests).
   */
  async prepare(mail: MailSession, mailboxId: string): Promise<void> {
    // Every first page of a list asks; one waiting preparation per account and folder is enough.
    const key = `${mail.email}\n${mailboxId}`;
    // The account's indexes stay, and one under way for sessions that have all signed out since reads for this one.
    this.indexes.accountBack(mail.email);
    if (this.preparing.has(key)) return;
    this.preparing.add(key);
    try {
      await new Promise((resolve) => setTimeout(resolve, this.prepareDelayMs).unref());
      const path = await mail.pathOf(mailboxId);
      if (this.indexes.complete(mail.email, path)) return;
      const previous = this.queues.get(mail.email) ?? Promise.resolve();
      const run = previous.then(() => this.readIndexes(mail, path));
      const queued = run.catch(() => undefined);
      this.queues.set(mail.email, queued);
      void queued.then(() => {
        if (this.queues.get(mail.email) === queued) this.queues.delete(mail.email);
      });
      await run;
    } catch {
      // No session of the account is left, or the folder went: the next list asks again; opening searches meanwhile.
    } finally {
      this.preparing.delete(key);
    }
  }

  private async readIndexes(mail: MailSession, path: string): Promise<void> {
    // A preparation queued behind another may find everything read by now.
    if (this.indexes.complete(mail.email, path)) return;
    await this.accountWork(mail.account, async (own) => {
      const connection = await own.connection();
      const special = (await this.folders.retrying(own, connection, async (folders) => folders)).map(
        (f) => f.path,
      );
      this.indexes.noteConversationFolders(mail.email, special);
      // The smallest first; of equal ones the listed folder (the user opens what they see there next).
      await this.indexes.buildAll(connection, mail.email, [path, ...special.filter((p) => p !== path)]);
    });
  }

  /** The conversation opened at message `uid` of the folder, or at the folder's newest message of it. */
  async get(mail: MailSession, mailboxId: string, threadId: string, uid?: number): Promise<ThreadResponse> {
    const path = await mail.pathOf(mailboxId);
    const connection = await mail.connection();
    const opened = { path, id: mailboxId };
    uid ??= await newestMemberOf(connection, opened, threadId);
    return this.folders.retrying(mail, connection, (special) =>
      // The addressed folder, then Inbox and Sent when they are other folders.
      this.gather(
        mail.email,
        connection,
        opened,
        special.filter((f) => f.path !== path),
        threadId,
        uid,
      ),
    );
  }

  private async gather(
    account: string,
    connection: MailConnection,
    opened: ThreadFolder,
    others: ThreadFolder[],
    threadId: string,
    uid: number,
  ): Promise<ThreadResponse> {
    const key = `${opened.id}\n${uid}\n${threadId}`;
    const knownOf = (path: string) => this.known(account, path);
    const { addressed, cached } = await connection.inPath(opened.path, async (open) => {
      const row = await fetchSeeingArrivals(open, async () =>
        (await fetchRows(open, [uid])).find((r) => r.uid === uid),
      );
      if (!row) throw notFound('Message', 'messageNotFound');
      if (threadOf(row, opened.id) !== threadId) throw notFound('Thread', 'threadNotFound');
      const paths = others.map((f) => f.path);
      return { addressed: row, cached: await this.cache.get(open, key, paths, knownOf) };
    });
    if (cached) return withCurrentRow(cached, addressed, opened.id);
    const root = rootIdOf(addressed);
    if (root) {
      const keys = { root, subject: baseSubject(addressed.envelope?.subject) };
      const { found, stamps } = await this.searchOthers(account, connection, others, keys, threadId, knownOf);
      const own = await this.searchFolder(
        account,
        connection,
        opened,
        keys,
        threadId,
        addressed,
        openedStamp,
      );
      found.unshift(...own.found);
      const response = toThreadResponse(threadId, found);
      if (own.complete && stamps.every((s) => s !== null))
        this.cache.set(connection, key, { response, opened: own.stamp, others: stamps });
      return response;
    }
    // A message without any Message-ID is its own conversation.
    return toThreadResponse(threadId, [
      { row: addressed, mailboxId: opened.id, snippet: addressed.preview ?? '' },
    ]);
  }

  /** The conversation in the other folders, each skipped unselected when its index shows none of it there. */
  private async searchOthers(
    account: string,
    connection: MailConnection,
    others: ThreadFolder[],
    keys: { root: string; subject: string | null },
    threadId: string,
    knownOf: (path: string) => ReturnType<KnownFolderStatus>,
  ) {
    const found: Found[] = [];
    const stamps = [];
    for (const folder of others) {
      // Indexed and unchanged, and none of the conversation there: the folder is not selected at all.
      const quick = await this.indexes.candidatesUnselected(
        connection,
        account,
        folder.path,
        threadId,
        knownOf(folder.path),
      );
      if (quick && quick.uids.length === 0) {
        stamps.push({ path: folder.path, ...quick.status });
        continue;
      }
      const searched = await this.searchFolder(account, connection, folder, keys, threadId, null, otherStamp);
      found.push(...searched.found);
      stamps.push(searched.complete ? searched.stamp : null);
    }
    return { found, stamps };
  }

  /**
   * The folder's messages of this conversation, and its state before the search (`stamp`, for the
   * cache). `addressed` is the opened message when this is its folder: already fetched, and shown
   * expanded, so it needs no snippet of its own (it has Dovecot's PREVIEW when that came with it). A
   * folder that cannot be selected is FolderGone (ThreadFolders lists again).
   */
  private async searchFolder<S>(
    account: string,
    connection: MailConnection,
    folder: ThreadFolder,
    keys: { root: string; subject: string | null },
    threadId: string,
    addressed: ListRow | null,
    stampOf: (open: MailFolder, path: string) => S,
  ): Promise<{ found: Found[]; stamp: S; complete: boolean }> {
    const search = async (open: MailFolder) => {
      const stamp = stampOf(open, folder.path);
      const indexed = await this.indexes.candidates(open, account, folder.path, threadId);
      const candidates = indexed?.uids ?? (await open.search({ or: candidateCriteria(keys) }));
      const uids = candidates.sort((a, b) => b - a).slice(0, maxCandidates);
      const others = addressed ? uids.filter((u) => u !== addressed.uid) : uids;
      // Without PREVIEW: Dovecot would compute it for every subject match, most of them other conversations.
      const rows = await fetchRows(open, others, { preview: false });
      const hit = addressed !== null && others.length < uids.length;
      if (hit) rows.push(addressed);
      // In UID order, as a FETCH answers.
      rows.sort((a, b) => a.uid - b.uid);
      // A message the search misses (say, without any Message-ID) is still its own conversation.
      if (addressed && !hit) rows.unshift(addressed);
      const members = rows.filter((r) => r === addressed || threadOf(r, folder.id) === threadId);
      const previews = open.has('PREVIEW')
        ? await fetchPreviewsOf(
            open,
            members.filter((r) => r !== addressed).map((r) => r.uid),
          )
        : null;
      const found: Found[] = [];
      for (const row of members) {
        const snippet =
          row === addressed
            ? (addressed.preview ?? '')
            : previews
              ? (previews.get(row.uid) ?? '')
              : await snippetOf(open, row);
        found.push({ row, mailboxId: folder.id, snippet });
      }
      // From an index still being read: possibly without older members, so not kept in the cache.
      return { found, stamp, complete: indexed?.complete ?? true };
    };
    if (addressed) return connection.inPath(folder.path, search);
    try {
      return await connection.inPath(folder.path, search);
    } catch (err) {
      throw err instanceof AppError && err.status === 404 ? new FolderGone(err) : err;
    }
  }
}

/**
 * Runs `fn` with a mail session of the account on a connection of its own, logged out afterwards
 * (`MailSessions.forAccountWork`); fails when the account has no way in left.
 */
export type AccountWork = (asking: SessionContext, fn: (own: MailSession) => Promise<void>) => Promise<void>;

/** How many of a folder's newest messages are looked through for a conversation named by its id alone. */
export const memberScanLimit = 5000;
const memberScanBatch = 500;

/**
 * The folder's newest message (by UID) of the conversation `threadId`. The id is a hash of the thread root's
 * Message-ID, so no SEARCH finds it: the newest messages' threading headers are fetched in batches and hashed,
 * at most `memberScanLimit` of them (only the thread print address, which carries no message, needs this).
 */
async function newestMemberOf(
  connection: MailConnection,
  folder: ThreadFolder,
  threadId: string,
): Promise<number> {
  return connection.inPath(folder.path, async (open) => {
    const uids = (await open.search({ all: true })).sort((a, b) => b - a).slice(0, memberScanLimit);
    for (let at = 0; at < uids.length; at += memberScanBatch) {
      const batch = uids.slice(at, at + memberScanBatch);
      const rows = await open.fetchAll(batch, { uid: true, envelope: true, headers: ['references'] });
      const hit = rows
        .filter((row) => threadOf(row, folder.id) === threadId)
        .reduce((max, row) => Math.max(max, row.uid), 0);
      if (hit > 0) return hit;
    }
    throw notFound('Thread', 'threadNotFound');
  });
}

/** Rows as the message list reads them; other sessions' flag changes in the reply are noted. */
async function fetchRows(
  folder: MailFolder,
  uids: number[],
  options: { preview?: boolean } = {},
): Promise<ListRow[]> {
  const { rows, unsolicited } = await fetchListRows(folder, uids, options);
  if (unsolicited > 0) folder.noteFlagsChanged();
  return rows;
}

async function fetchPreviewsOf(folder: MailFolder, uids: number[]): Promise<Map<number, string>> {
  const { previews, unsolicited } = await fetchPreviews(folder, uids);
  if (unsolicited > 0) folder.noteFlagsChanged();
  return previews;
}
