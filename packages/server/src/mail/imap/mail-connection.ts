import type { Readable } from 'node:stream';
import type { ImapFlow, ListOptions, ListResponse, QuotaResponse, StatusObject, StatusQuery } from 'imapflow';
import { imapKey, type ImapHolder } from './imap-handle.js';
import { lockFolder } from './imap-commands.js';
import { MailFolder } from './mail-folder.js';
import { refusedUnless, refusing } from './mail-refusal.js';

const known = new WeakMap<ImapFlow, MailConnection>();

/**
 * A user's IMAP connection as features see it: the mailbox-level operations (folders listed, created, renamed,
 * deleted; STATUS, quota, APPEND to a folder by path) and folders opened under the lock (`inPath`). Every refusal
 * throws (`MailServerRefusal`). One object per connection (`of`), so features may key caches by it.
 */
export class MailConnection implements ImapHolder {
  readonly [imapKey]: ImapFlow;

  private constructor(imap: ImapFlow) {
    this[imapKey] = imap;
  }

  static of(imap: ImapFlow): MailConnection {
    let connection = known.get(imap);
    if (!connection) known.set(imap, (connection = new MailConnection(imap)));
    return connection;
  }

  /** Whether the server announced an extension (`WITHIN`, `UIDPLUS`, `THREAD=REFS` …). */
  has(capability: string): boolean {
    return this[imapKey].capabilities.has(capability);
  }

  /** The path of the folder selected on this connection, if any (never a SELECT). */
  get selectedPath(): string | null {
    const mailbox = this[imapKey].mailbox;
    return mailbox ? mailbox.path : null;
  }

  /** LIST (with STATUS items when asked); `\NonExistent` entries left out. */
  async list(options: ListOptions = {}): Promise<ListResponse[]> {
    const entries = await refusing('LIST', () => this[imapKey].list(options));
    return entries.filter((e) => !e.flags.has('\\NonExistent'));
  }

  async status(path: string, query: StatusQuery): Promise<StatusObject> {
    return refusedUnless(
      await refusing('STATUS', () => this[imapKey].status(path, query)),
      'STATUS',
      this[imapKey],
    );
  }

  /** GETQUOTAROOT of a folder, or null when the server has no quota (a refusal, too, means none to show). */
  async quota(path = 'INBOX'): Promise<QuotaResponse | null> {
    return (await this[imapKey].getQuota(path)) || null;
  }

  /** CREATE; `created: false` when the folder already existed. */
  async createFolder(path: string): Promise<{ path: string; created: boolean }> {
    const result = await refusing('CREATE', () => this[imapKey].mailboxCreate(path));
    return { path: result.path, created: result.created };
  }

  async renameFolder(from: string, to: string): Promise<void> {
    await refusing('RENAME', () => this[imapKey].mailboxRename(from, to));
  }

  async deleteFolder(path: string): Promise<void> {
    await refusing('DELETE', () => this[imapKey].mailboxDelete(path));
  }

  /** APPEND to a folder by path (not selected); its new UID where the server reports one (UIDPLUS). */
  async append(path: string, raw: Buffer, flags: string[] = [], date?: Date): Promise<{ uid?: number }> {
    const result = await refusing('APPEND', () => this[imapKey].append(path, raw, flags, date));
    return { uid: refusedUnless(result, 'APPEND', this[imapKey]).uid };
  }

  /** Ends a connection of the caller's own (not a session's pooled one): LOGOUT, or a close when that fails. */
  async logout(): Promise<void> {
    const imap = this[imapKey];
    await imap.logout().catch(() => imap.close());
  }

  /** Runs `fn` with `path` selected and locked on this connection; the lock is always released. */
  async inPath<T>(
    path: string,
    fn: (folder: MailFolder) => Promise<T>,
    options: { readOnly?: boolean } = {},
  ) {
    const { folder, release } = await this.open(path, options);
    try {
      return await fn(folder);
    } finally {
      release();
    }
  }

  /** Selects and locks `path`; the caller must call `release` (see `lockFolder`). */
  async open(path: string, options: { readOnly?: boolean } = {}) {
    const { release } = await lockFolder(this[imapKey], path, options);
    return { folder: new MailFolder(this, path), release };
  }

  /** `fn` with `path` open; the lock is held until the stream `fn` returns ends, closes or fails (or `fn` throws). */
  async streamFrom<T extends { stream: Readable }>(
    path: string,
    fn: (folder: MailFolder) => Promise<T>,
  ): Promise<T> {
    const { folder, release } = await this.open(path);
    let result: T;
    try {
      result = await fn(folder);
    } catch (err) {
      release();
      throw err;
    }
    result.stream.once('end', release);
    result.stream.once('close', release);
    result.stream.once('error', release);
    return result;
  }
}
