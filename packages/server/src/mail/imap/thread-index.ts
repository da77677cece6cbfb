import type { ImapFlow } from 'imapflow';
import { threadIdOf } from '../mime/thread-id.js';
import { withMailbox } from './imap-commands.js';
import { atom, list, rawCommand, sequence, type ImapArg } from './imap-raw-command.js';
import { searchUidSet } from './imap-uid-lists.js';
import { folderState, noteFlagsChanged } from './selected-folder.js';
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
  /** Builds under way whose account was forgotten meanwhile: their result is dropped. */
  private readonly forgotten = new Set<string>();
  /** Per account: the folders an open looks in besides its own (Inbox, Sent), as the last build found them. */
  private readonly conversationFolders = new Map<string, string[]>();

  constructor(
    private readonly limits: { maxMessages: number; chunk: number } = { maxMessages: 4_000_000, chunk: 2000 },
  ) {}

  /**
   * Under the folder's lock: the UIDs that may belong to conversation `threadId`, or null when the folder has no
   * complete index (the caller searches, and may `build` one for next time).
   */
  async candidates(
    target: ImapTarget,
    account: string,
    path: string,
    threadId: string,
  ): Promise<number[] | null> {
    const client = imapOf(target);
    const key = keyOf(account, path);
    const index = this.folders.get(key);
    if (!index) return null;
    if (index.uidValidity !== folderState(client).uidValidity) {
      this.folders.delete(key);
      return null;
    }
    await catchUp(client, index);
    this.folders.delete(key);
    this.folders.set(key, index);
    return lookup(index, hashOf(threadId));
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
    const run = this.read(client, path)
      .then((index) => {
        if (index && !this.forgotten.has(key)) this.keep(key, index);
      })
      .catch(() => undefined)
      .finally(() => {
        this.building.delete(key);
        this.forgotten.delete(key);
      });
    this.building.set(key, run);
    return run;
  }

  /**
   * Drops every folder index of the account (its folders were deleted or renamed, or its last session here ended).
   * An index still being read is kept out when it completes.
   */
  forgetAccount(account: string): void {
    this.conversationFolders.delete(account);
    for (const key of this.folders.keys()) if (key.startsWith(`${account}\n`)) this.folders.delete(key);
    for (const key of this.building.keys()) if (key.startsWith(`${account}\n`)) this.forgotten.add(key);
  }

  /** Folder indexes of this account held (tests). */
  sizeOf(account: string): number {
    return [...this.folders.keys()].filter((key) => key.startsWith(`${account}\n`)).length;
  }

  private async read(client: ImapFlow, path: string): Promise<FolderIndex | null> {
    const first = await withMailbox(client, path, async () => {
      const state = folderState(client);
      const uids = expandUids((await searchUidSet(client, [atom('ALL')])).set);
      return { uidValidity: state.uidValidity, uidNext: state.uidNext, uids };
    });
    const entries: Array<[number, number]> = [];
    for (let at = 0; at < first.uids.length; at += this.limits.chunk) {
      const chunk = first.uids.slice(at, at + this.limits.chunk);
      const ok = await withMailbox(client, path, async () => {
        if (folderState(client).uidValidity !== first.uidValidity) return false;
        await fetchConversationIds(client, compressUids(chunk), (uid, hash) => entries.push([hash, uid]));
        return true;
      });
      if (!ok) return null;
    }
    entries.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const index: FolderIndex = {
      uidValidity: first.uidValidity,
      // Every message below the UIDNEXT of the first SELECT was read (or was expunged before its chunk).
      upTo: Math.max(first.uidNext, (first.uids.at(-1) ?? 0) + 1),
      hashes: Uint32Array.from(entries, (e) => e[0]),
      uids: Uint32Array.from(entries, (e) => e[1]),
      tail: [],
    };
    return index;
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

/** 32 bits of a conversation id (16 base64url characters of a SHA-256). */
export function hashOf(threadId: string): number {
  return Buffer.from(threadId, 'base64url').readUInt32BE(0);
}

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
  // `n:*` always answers the highest UID, even one below n: those are filtered.
  await fetchConversationIds(client, `${index.upTo}:*`, (uid, hash) => {
    if (uid < index.upTo) return;
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

const threadingHeaders: ImapArg = {
  type: 'ATOM',
  value: 'BODY.PEEK',
  section: [atom('HEADER.FIELDS'), list(atom('REFERENCES'), atom('IN-REPLY-TO'), atom('MESSAGE-ID'))],
};

/**
 * Each message's UID and conversation-id hash, read by hand: the reply is `* n FETCH (UID u BODY[HEADER.FIELDS
 * (…)] {len}` and the header block as the one literal. A message without any Message-ID is a conversation of
 * its own (its id is not a hash of headers) and is left out: its lookup is the message itself.
 */
async function fetchConversationIds(
  client: ImapFlow,
  set: string,
  onMessage: (uid: number, hash: number) => void,
): Promise<void> {
  let flagNews = 0;
  await rawCommand(client, 'UID FETCH', [sequence(set), list(atom('UID'), threadingHeaders)], {
    FETCH: (payload, literals) => {
      const uid = Number(/\bUID (\d+)/i.exec(payload.toString('latin1', 0, 200))?.[1]);
      const block = literals[0];
      // Without the header block: another session's flag change (`* 7 FETCH (MODSEQ (9) FLAGS ())`).
      if (!uid || !block) {
        flagNews += 1;
        return;
      }
      const headers = block.toString('utf8').replace(/\r?\n[ \t]+/g, ' ');
      const field = (name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(headers)?.[1]?.trim();
      const references = field('references');
      const inReplyTo = field('in-reply-to');
      const messageId = field('message-id');
      if (!/<[^<>\s]+>/.test(`${references ?? ''}${inReplyTo ?? ''}${messageId ?? ''}`)) return;
      onMessage(uid, hashOf(threadIdOf({ references, inReplyTo, messageId, fallback: '' })));
    },
  });
  if (flagNews > 0) noteFlagsChanged(client);
}
