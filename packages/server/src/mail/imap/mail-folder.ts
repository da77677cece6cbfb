import type {
  DownloadObject,
  FetchMessageObject,
  FetchQueryObject,
  ImapFlow,
  MailboxObject,
  SearchObject,
} from 'imapflow';
import { imapKey, type ImapHolder } from './imap-handle.js';
import { rawCommand, sequence, type ImapArg, type RawHandler } from './imap-raw-command.js';
import { storeFlag } from './imap-uid-lists.js';
import type { MailConnection } from './mail-connection.js';
import { refusedUnless, refusing } from './mail-refusal.js';
import { fetchSeeingArrivals, folderState, noteFlagsChanged, type FolderState } from './selected-folder.js';
import { compressUids } from './uid-set.js';

/** A UID set as IMAP writes it (`1:5,9`), or a list of UIDs. */
export type Uids = string | readonly number[];
const setOf = (uids: Uids) => (typeof uids === 'string' ? uids : compressUids(uids));

/**
 * A folder selected and locked on the user's connection (handed out by `MailSession.inFolder`/`inPath` and
 * `MailConnection.inPath`, valid until that call returns). Every message operation of a feature goes through it
 * or through the mail layer's helpers that take it (`fetchListRows`, `searchUidSet` …); UIDs throughout. Every
 * refusal throws a `MailServerRefusal` (imapflow answers some with `false`: those never pass as success).
 */
export class MailFolder implements ImapHolder {
  readonly [imapKey]: ImapFlow;

  constructor(
    readonly connection: MailConnection,
    readonly path: string,
  ) {
    this[imapKey] = connection[imapKey];
  }

  /** The selection's state as imapflow keeps it (EXISTS, UIDNEXT, UIDVALIDITY, HIGHESTMODSEQ…). */
  get mailbox(): MailboxObject {
    const mailbox = this[imapKey].mailbox;
    if (!mailbox) throw new Error('the folder is no longer selected');
    return mailbox;
  }

  has(capability: string): boolean {
    return this[imapKey].capabilities.has(capability);
  }

  /** What the folder's cached lists depend on (selection, counts, expunges and flag changes seen). */
  state(): FolderState {
    return folderState(this[imapKey]);
  }

  /** After flags changed without imapflow seeing it (silent STOREs, unparsed FETCH lines). */
  noteFlagsChanged(): void {
    noteFlagsChanged(this[imapKey]);
  }

  /** NOOP: collects what other sessions changed (new messages, expunges). */
  async noop(): Promise<void> {
    await this[imapKey].noop();
  }

  /** One message by UID, or null when the folder has no such message (after one NOOP, see fetchSeeingArrivals). */
  fetchOne(uid: number, query: FetchQueryObject, seeingArrivals = false): Promise<FetchMessageObject | null> {
    const fetch = async () => (await this[imapKey].fetchOne(String(uid), query, { uid: true })) || null;
    return seeingArrivals ? fetchSeeingArrivals(this[imapKey], fetch) : fetch();
  }

  /** Messages by UID set (`1:*` for all). */
  fetchAll(uids: Uids, query: FetchQueryObject): Promise<FetchMessageObject[]> {
    return refusing('FETCH', () => this[imapKey].fetchAll(setOf(uids), query, { uid: true }));
  }

  /** The newest `count` messages by position in the folder (sequence numbers, not UIDs). */
  async fetchNewest(count: number, query: FetchQueryObject): Promise<FetchMessageObject[]> {
    const exists = this.mailbox.exists;
    if (exists === 0 || count <= 0) return [];
    const from = Math.max(1, exists - count + 1);
    return refusing('FETCH', () => this[imapKey].fetchAll(`${from}:*`, query));
  }

  /** The same, one message at a time (large sets). */
  fetch(uids: Uids, query: FetchQueryObject): AsyncGenerator<FetchMessageObject, false | void> {
    return this[imapKey].fetch(setOf(uids), query, { uid: true });
  }

  /** UID SEARCH with imapflow's criteria object. */
  async search(query: SearchObject): Promise<number[]> {
    const found = await refusing('SEARCH', () => this[imapKey].search(query, { uid: true }));
    return refusedUnless(found, 'SEARCH', this[imapKey]);
  }

  /** A part (or, without `part`, the whole message) as a stream, transfer encoding and charset decoded. */
  download(uid: number, part?: string, options: { maxBytes?: number; chunkSize?: number } = {}) {
    return refusing('FETCH', () => this[imapKey].download(String(uid), part, { uid: true, ...options }));
  }

  /** APPEND to this folder; the new UID where the server reports one (UIDPLUS). */
  async append(raw: Buffer, flags: string[] = [], date?: Date): Promise<{ uid?: number }> {
    return this.connection.append(this.path, raw, flags, date);
  }

  /** UID MOVE to another folder; the source → destination UIDs where the server reports them (COPYUID). */
  async move(
    uids: Uids,
    destination: string,
  ): Promise<{ uidMap?: Map<number, number>; uidValidity?: bigint }> {
    const moved = await refusing('MOVE', () =>
      this[imapKey].messageMove(setOf(uids), destination, { uid: true }),
    );
    const { uidMap, uidValidity } = refusedUnless(moved, 'MOVE', this[imapKey]);
    return { uidMap, uidValidity };
  }

  /** UID COPY to another folder; as `move`. */
  async copy(uids: Uids, destination: string): Promise<{ uidMap?: Map<number, number> }> {
    const copied = await refusing('COPY', () =>
      this[imapKey].messageCopy(setOf(uids), destination, { uid: true }),
    );
    return { uidMap: refusedUnless(copied, 'COPY', this[imapKey]).uidMap };
  }

  async addFlags(uids: Uids, flags: string[]): Promise<void> {
    const done = await refusing('STORE', () =>
      this[imapKey].messageFlagsAdd(setOf(uids), flags, { uid: true }),
    );
    refusedUnless(done, 'STORE', this[imapKey]);
  }

  async removeFlags(uids: Uids, flags: string[]): Promise<void> {
    const done = await refusing('STORE', () =>
      this[imapKey].messageFlagsRemove(setOf(uids), flags, { uid: true }),
    );
    refusedUnless(done, 'STORE', this[imapKey]);
  }

  /**
   * Removes exactly these messages: STORE \Deleted and, with UIDPLUS, `UID EXPUNGE` of the set (never a folder-wide
   * EXPUNGE, which would take messages another client marked). Without UIDPLUS imapflow expunges what is marked.
   */
  async delete(uids: Uids): Promise<void> {
    const set = setOf(uids);
    if (!set) return;
    if (!this.has('UIDPLUS')) {
      const done = await refusing('EXPUNGE', () => this[imapKey].messageDelete(set, { uid: true }));
      refusedUnless(done, 'EXPUNGE', this[imapKey]);
      return;
    }
    await storeFlag(this[imapKey], set, '\\Deleted', true);
    // The EXPUNGE lines go through imapflow: it keeps the folder's count and our expunge counter right.
    await rawCommand(this[imapKey], 'UID EXPUNGE', [sequence(set)], {});
  }

  /** A command imapflow does not offer, its named untagged replies read as raw bytes (see imap-raw-command.ts). */
  rawCommand(command: string, args: ImapArg[], handlers: Record<string, RawHandler> = {}): Promise<void> {
    return rawCommand(this[imapKey], command, args, handlers);
  }
}

export type { DownloadObject };
