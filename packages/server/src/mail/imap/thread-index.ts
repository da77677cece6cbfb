import type { ImapFlow } from 'imapflow';
import { withMailbox } from './imap-commands.js';
import { atom } from './imap-raw-command.js';
import { fetchConversationIds, fetchConversationIdsFrom, hashOf } from './conversation-ids.js';
import { searchUidSet } from './imap-uid-lists.js';
import { folderState } from './selected-folder.js';
import { compressUids, expandUids } from './uid-set.js';
import { imapOf, type ImapTarget } from './imap-handle.js';

/**
 * Which messages of a folder belong to which conversation, so opening a message finds its conversation without an
 * unindexed `SEARCH HEADER` (Dovecot reads every message's headers for it: ~350 ms on a 100,000-message Inbox).
 *
 * A folder's index maps each message's conversation id (mime/thread-id.ts: the hash of the thread root's
 * Message-ID) to its UIDs. It is read once, in the background and in chunks (each chunk its own short folder
 * lock, so the user's requests on the same connection go in between), from `UID FETCH (BODY.PEEK[HEADER.FIELDS
 * (REFERENCES IN-REPLY-TO MESSAGE-ID)])`. After that a lookup brings it up to date with one `UID FETCH
 * upTo:*` of the same three headers: UIDs only grow, so every message that arrived, was moved or copied in since
 * is exactly the UIDs from `upTo` on. Expunged messages stay in the index: a lookup's UIDs are candidates, which
 * the caller fetches (a gone UID is not answered) and checks by their computed conversation id. A new UIDVALIDITY
 * drops the index.
 *
 * Compact: a conversation id is kept as 32 bits of its hash (a collision only adds a candidate, which the check
 * drops) in two typed arrays sorted by it, 8 bytes a message (800 KB for 100,000), plus a small unsorted tail of
 * newer messages. Indexes are shared by every session of the account (a folder's content is the same for all) and
 * bounded by their total number of messages; the least recently used folder goes first.
 */
export class ThreadIndexes {
  private readonly folders = new Map<string, FolderIndex>();
  private readonly building = new Map<string, Promise<void>>();
  /** Indexes being read: what is read so far, newest messages first (`candidates` answers from it meanwhile). */
  private readonly partial = new Map<string, PartialIndex>();
  /** Builds under way whose account was forgotten meanwhile: their result is dropped. */
  private readonly forgotten = new Set<string>();
  /** Per account: the folders an open looks in besides its own (Inbox, Sent), as the last build found them. */
  private readonly conversationFolders = new Map<string, string[]>();

  /** Accounts whose last session here ended: their indexes go when the grace ends, unless they are back. */
  private readonly leaving = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly limits: { maxMessages: number; chunk: number } = { maxMessages: 4_000_000, chunk: 2000 },
    /** How long an account's indexes outlive its last session here (`accountLeft`). */
    private readonly graceMs = 0,
  ) {}

  /**
   * Under the folder's lock: the UIDs that may belong to conversation `threadId`, or null when the folder has no
   * index (the caller searches, and may `build` one for next time). While the index is still being read
   * (`complete: false`) they come from what is read so far — the newest messages, read first — and what arrived
   * since: an open never waits for the reading nor searches beside it (both make Dovecot read every message's
   * headers: seconds on a 100,000-message folder), at the price of older members of the conversation missing
   * until the index is whole.
   */
  async candidates(
    target: ImapTarget,
    account: string,
    path: string,
    threadId: string,
  ): Promise<{ uids: number[]; complete: boolean } | null> {
    const client = imapOf(target);
    const key = keyOf(account, path);
    const index = this.folders.get(key);
    const uidValidity = folderState(client).uidValidity;
    if (!index) {
      const partial = this.partial.get(key);
      if (!partial || partial.uidValidity !== uidValidity || partial.entries.length === 0) return null;
      const hash = hashOf(threadId);
      const uids = partial.entries.filter((e) => e[0] === hash).map((e) => e[1]);
      await fetchConversationIdsFrom(client, partial.upTo, (uid, h) => {
        if (h === hash) uids.push(uid);
      });
      return { uids, complete: false };
    }
    if (index.uidValidity !== uidValidity) {
      this.folders.delete(key);
      return null;
    }
    await catchUp(client, index);
    this.folders.delete(key);
    this.folders.set(key, index);
    return { uids: lookup(index, hashOf(threadId)), complete: true };
  }

  /**
   * For a folder that is not selected: the conversation's UIDs from the index, when the folder's state shows that
   * nothing arrived since it was read (same UIDVALIDITY and UIDNEXT), with that state; else null (select it and use
   * `candidates`). The state is what the account's mailbox watcher last heard (`known`), else one `STATUS`. No
   * folder switch: re-selecting the opened big folder afterwards would cost more than the lookup (Dovecot's SELECT
   * and first FETCH of a 100,000-message folder).
   */
  async candidatesUnselected(
    target: ImapTarget,
    account: string,
    path: string,
    threadId: string,
    known: KnownStatus | null = null,
  ): Promise<{
    uids: number[];
    status: { uidValidity: string; uidNext: number; highestModseq: string };
  } | null> {
    const client = imapOf(target);
    const index = this.folders.get(keyOf(account, path));
    // imapflow would take a STATUS of the selected folder as news about the selection.
    if (!index || !client.mailbox || client.mailbox.path === path) return null;
    const s = await statusOf(client, path, known);
    if (!s || s.uidValidity !== index.uidValidity || s.uidNext !== index.upTo) return null;
    return { uids: lookup(index, hashOf(threadId)), status: s };
  }

  /** Whether the folder has a complete index (for tests and the bench). */
  has(account: string, path: string): boolean {
    return this.folders.has(keyOf(account, path));
  }

  /**
   * Whether an open in `path` would find every folder it looks in indexed: `path` and the account's Inbox and Sent
   * as the last build found them (none known yet: no).
   */
  complete(account: string, path: string): boolean {
    const others = this.conversationFolders.get(account);
    return others !== undefined && [...others, path].every((p) => this.has(account, p));
  }

  /** Notes the account's Inbox and Sent (for `complete`). */
  noteConversationFolders(account: string, paths: string[]): void {
    this.conversationFolders.delete(account);
    this.conversationFolders.set(account, paths);
    // Bounded like the indexes: an account that was not noted for long goes first.
    for (const oldest of this.conversationFolders.keys()) {
      if (this.conversationFolders.size <= maxAccountsNoted) break;
      this.conversationFolders.delete(oldest);
    }
  }

  /**
   * Reads the folder's index in the background unless it exists or is being read; resolves when done. Failures
   * (the connection closed, the folder went) leave no index: a later lookup searches and asks again.
   */
  build(target: ImapTarget, account: string, path: string): Promise<void> {
    const client = imapOf(target);
    const key = keyOf(account, path);
    if (this.folders.has(key)) return Promise.resolve();
    const pending = this.building.get(key);
    if (pending) return pending;
    const run = this.read(client, path, key)
      .then((index) => {
        if (index && !this.forgotten.has(key)) this.keep(key, index);
      })
      .catch(() => undefined)
      .finally(() => {
        this.building.delete(key);
        this.partial.delete(key);
        this.forgotten.delete(key);
      });
    this.building.set(key, run);
    return run;
  }

  /**
   * Reads the indexes of `paths` one after another, the smallest folder first (one STATUS each): a small folder's
   * index takes milliseconds and a 100,000-message one seconds, so an open that also looks in a small folder (Sent,
   * beside the Inbox) finds it indexed at once instead of selecting it — and then selecting the big folder again —
   * while the big one answers from what it has read so far (`candidates`). Equal sizes keep the given order.
   */
  async buildAll(target: ImapTarget, account: string, paths: string[]): Promise<void> {
    const client = imapOf(target);
    const sizes = new Map<string, number>();
    for (const path of paths) {
      // Indexed already: no STATUS (its build returns at once). imapflow would take a STATUS of the selected
      // folder as news about the selection.
      const s =
        this.has(account, path) || (client.mailbox && client.mailbox.path === path)
          ? null
          : await client.status(path, { messages: true }).catch(() => null);
      sizes.set(path, (s ? s.messages : undefined) ?? Number.MAX_SAFE_INTEGER);
    }
    const order = [...paths].sort((a, b) => sizes.get(a)! - sizes.get(b)!);
    for (const path of order) await this.build(client, account, path);
  }

  /**
   * The account's last session here ended (signed out, or its connection closed): its indexes are dropped once the
   * grace has passed, unless it is back by then (`accountBack`). A device that signs out while another signs in, or
   * a user who signs in again, finds them still read: the Inbox's takes seconds to read, and without it (or Sent's)
   * an open searches or selects folders (hundreds of milliseconds on a 100,000-message Inbox). They hold no mail
   * content (hashes and UIDs), are bounded with every other account's, and are checked against the folder's state
   * at each use.
   */
  accountLeft(account: string): void {
    this.stopLeaving(account);
    if (this.graceMs === 0) return this.forgetAccount(account);
    const timer = setTimeout(() => this.forgetAccount(account), this.graceMs);
    timer.unref();
    this.leaving.set(account, timer);
  }

  /**
   * The account is back (a session listed a folder): its indexes stay, and readings forgotten at its last sign-out
   * that still run are kept after all. A folder deleted or renamed meanwhile is told by its UIDVALIDITY at the first
   * lookup.
   */
  accountBack(account: string): void {
    this.stopLeaving(account);
    for (const key of this.forgotten) if (key.startsWith(`${account}\n`)) this.forgotten.delete(key);
  }

  /** Drops every folder index of the account now. An index still being read is kept out when it completes. */
  forgetAccount(account: string): void {
    this.stopLeaving(account);
    this.conversationFolders.delete(account);
    for (const key of this.folders.keys()) if (key.startsWith(`${account}\n`)) this.folders.delete(key);
    for (const key of this.building.keys()) if (key.startsWith(`${account}\n`)) this.forgotten.add(key);
  }

  private stopLeaving(account: string): void {
    const timer = this.leaving.get(account);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.leaving.delete(account);
  }

  /** Folder indexes of this account held (tests). */
  sizeOf(account: string): number {
    return [...this.folders.keys()].filter((key) => key.startsWith(`${account}\n`)).length;
  }

  private async read(client: ImapFlow, path: string, key: string): Promise<FolderIndex | null> {
    const first = await withMailbox(client, path, async () => {
      const state = folderState(client);
      const uids = expandUids((await searchUidSet(client, [atom('ALL')])).set);
      return { uidValidity: state.uidValidity, uidNext: state.uidNext, uids };
    });
    // Every message below the UIDNEXT of the first SELECT is read (or was expunged before its chunk).
    const upTo = Math.max(first.uidNext, (first.uids.at(-1) ?? 0) + 1);
    const entries: Array<[number, number]> = [];
    // Gone with the reading (`build`'s finally), also when the account is forgotten meanwhile.
    this.partial.set(key, { uidValidity: first.uidValidity, upTo, entries });
    // Newest first: what is read so far answers the opens meanwhile, and new mail is opened most.
    for (let end = first.uids.length; end > 0; end -= this.limits.chunk) {
      const chunk = first.uids.slice(Math.max(0, end - this.limits.chunk), end);
      const ok = await withMailbox(client, path, async () => {
        if (folderState(client).uidValidity !== first.uidValidity) return false;
        await fetchConversationIds(client, compressUids(chunk), (uid, hash) => entries.push([hash, uid]));
        return true;
      });
      if (!ok) return null;
    }
    const sorted = [...entries].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    return {
      uidValidity: first.uidValidity,
      upTo,
      hashes: Uint32Array.from(sorted, (e) => e[0]),
      uids: Uint32Array.from(sorted, (e) => e[1]),
      tail: [],
    };
  }

  private keep(key: string, index: FolderIndex): void {
    this.folders.set(key, index);
    let total = 0;
    for (const i of this.folders.values()) total += sizeOf(i);
    for (const [oldest, i] of this.folders) {
      if (total <= this.limits.maxMessages || oldest === key) break;
      total -= sizeOf(i);
      this.folders.delete(oldest);
    }
  }
}

/**
 * A folder's UIDVALIDITY, UIDNEXT and HIGHESTMODSEQ: from the watcher's last report when it has them, else one
 * STATUS (never of the selected folder). Null when the server gives no HIGHESTMODSEQ or refuses.
 */
export async function statusOf(
  target: ImapTarget,
  path: string,
  known: KnownStatus | null,
): Promise<{ uidValidity: string; uidNext: number; highestModseq: string } | null> {
  const client = imapOf(target);
  if (known?.highestModseq)
    return { uidValidity: known.uidValidity, uidNext: known.uidNext, highestModseq: known.highestModseq };
  const s = await client
    .status(path, { uidValidity: true, uidNext: true, highestModseq: true })
    .catch(() => null);
  if (!s || s.uidNext === undefined || s.highestModseq === undefined) return null;
  return { uidValidity: String(s.uidValidity), uidNext: s.uidNext, highestModseq: String(s.highestModseq) };
}

/** What the caller already knows of a folder's state (a mailbox watcher's last report). */
export interface KnownStatus {
  uidValidity: string;
  uidNext: number;
  highestModseq: string | null;
}

/** An index being read: the messages read so far as [hash, uid], and the UIDNEXT it reads up to. */
interface PartialIndex {
  uidValidity: string;
  upTo: number;
  entries: Array<[number, number]>;
}

interface FolderIndex {
  uidValidity: string;
  /** Every message with a lower UID is in the index. */
  upTo: number;
  /** Sorted by hash, then UID; `uids[i]` belongs to `hashes[i]`. */
  hashes: Uint32Array;
  uids: Uint32Array;
  /** Messages read since, as [hash, uid]; merged into the arrays when it grows. */
  tail: Array<[number, number]>;
}

const tailMax = 4096;
const maxAccountsNoted = 100_000;
const keyOf = (account: string, path: string) => `${account}\n${path}`;
const sizeOf = (i: FolderIndex) => i.uids.length + i.tail.length;

function lookup(index: FolderIndex, hash: number): number[] {
  const found: number[] = [];
  let lo = 0;
  let hi = index.hashes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (index.hashes[mid]! < hash) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < index.hashes.length && index.hashes[i] === hash; i += 1) found.push(index.uids[i]!);
  for (const [h, uid] of index.tail) if (h === hash) found.push(uid);
  return found;
}

/** Reads the messages from `upTo` on into the index (one round trip when none arrived). */
async function catchUp(client: ImapFlow, index: FolderIndex): Promise<void> {
  let highest = index.upTo - 1;
  await fetchConversationIdsFrom(client, index.upTo, (uid, hash) => {
    index.tail.push([hash, uid]);
    highest = Math.max(highest, uid);
  });
  index.upTo = Math.max(highest + 1, folderState(client).uidNext);
  if (index.tail.length > tailMax) merge(index);
}

function merge(index: FolderIndex): void {
  const entries: Array<[number, number]> = index.tail;
  for (let i = 0; i < index.uids.length; i += 1) entries.push([index.hashes[i]!, index.uids[i]!]);
  entries.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  index.hashes = Uint32Array.from(entries, (e) => e[0]);
  index.uids = Uint32Array.from(entries, (e) => e[1]);
  index.tail = [];
}
