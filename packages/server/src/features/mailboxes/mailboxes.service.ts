import type { FastifyBaseLogger } from 'fastify';
import type { MailboxTreeResponse, Quota, SpecialUse } from '@webmail/contracts';
import type { FolderIdsRepository, FolderRecord } from '../../mail/folder-ids.repository.js';
import type { ListResponse } from '../../mail/mail-types.js';
import type { MailConnection, MailSession } from '../../mail/mail-session.js';
import { specialUseOf } from '../../mail/imap/special-use.js';
import { buildFolderTree } from './folder-tree.js';
import type { QuotaCache } from './quota-cache.js';

/** The folder list as IMAP reports it, with each path's id and settings. */
export interface FolderListing {
  /** The connection the listing came from: folder management and cross-folder work go on through it. */
  connection: MailConnection;
  entries: ListResponse[];
  records: Map<string, FolderRecord>;
  delimiter: string;
}

/** The folder tree, the folder listing other features build on, special-use folders and the quota. */
export class MailboxesService {
  constructor(
    private readonly ids: FolderIdsRepository,
    private readonly quotas: QuotaCache,
    private readonly log: FastifyBaseLogger,
    /** How long after the session's first tree its quota is read. */
    private readonly quotaDelayMs = 300,
  ) {}

  private readonly reading = new Map<string, Promise<Quota | null>>();

  /**
   * Folder tree (one LIST-STATUS round trip on servers that have it) and the account's quota. The session's first
   * tree (right after sign-in) does not wait for the quota: it answers `quota: null` and the quota is read after
   * `quotaDelayMs` (the first list page goes first on the connection); the user details carry it (the web shows
   * that one until the tree has it). Later trees answer the cached quota, reading it when it is older than a minute
   * or the webmail changed the mailbox.
   */
  async tree(mail: MailSession): Promise<MailboxTreeResponse> {
    const listing = await this.listing(mail, true);
    let quota: Quota | null = null;
    if (this.quotas.known(mail.account.id)) quota = await this.quota(mail, listing.connection);
    else this.quotaLater(mail, listing.connection);
    return { mailboxes: buildFolderTree(listing.entries, listing.records), quota };
  }

  /** LIST (optionally with STATUS counts), placeholder parents made real, ids assigned. */
  async listing(mail: MailSession, withStatus = false): Promise<FolderListing> {
    const options = withStatus ? { statusQuery: { messages: true, unseen: true } } : {};
    let entries = await mail.list(options);
    // Taken after the LIST, which replaces a connection lost during it.
    const connection = await mail.connection();
    if (await this.makeParentsSelectable(connection, entries)) entries = await mail.list(options);
    const records = await this.ids.idsFor(
      mail.email,
      entries.map((e) => e.path),
    );
    // Dovecot answers one hierarchy delimiter for the whole namespace; '/' is the sandbox's and the default.
    const delimiter = entries.find((e) => e.delimiter)?.delimiter ?? '/';
    return { connection, entries, records, delimiter };
  }

  /** Special use → path of the listing's special-use folders. */
  specialUses(listing: Pick<FolderListing, 'entries'>): Map<SpecialUse, string> {
    const special = new Map<SpecialUse, string>();
    for (const e of listing.entries) {
      const use = specialUseOf(e);
      if (use) special.set(use, e.path);
    }
    return special;
  }

  /** The path of the account's special-use folder, or null when the server has none. */
  async specialUsePath(mail: MailSession, use: SpecialUse): Promise<string | null> {
    const entries = await mail.list();
    return entries.find((e) => specialUseOf(e) === use)?.path ?? null;
  }

  /** The id (and settings) of a folder path, assigned on first sight. */
  async recordOfPath(mail: MailSession, path: string): Promise<FolderRecord | undefined> {
    return (await this.ids.idsFor(mail.email, [path])).get(path);
  }

  /** The account's quota (cached; see `quota`). */
  async quotaOf(mail: MailSession): Promise<Quota | null> {
    return this.quota(mail, await mail.connection());
  }

  /** Forget the cached quota after a change that moves or removes mail. */
  quotaChanged(session: { id: string }): void {
    this.quotas.invalidate(session.id);
  }

  /**
   * A folder created as `A/B/C` leaves `A` and `A/B` as \Noselect placeholders on servers with a
   * filesystem layout (Dovecot LAYOUT=fs). Every folder in the tree should open and accept moved mail, so
   * such placeholders are created as real, empty folders once. Returns whether anything changed.
   */
  private async makeParentsSelectable(connection: MailConnection, entries: ListResponse[]): Promise<boolean> {
    const placeholders = entries.filter((e) => e.flags.has('\\Noselect'));
    for (const entry of placeholders) {
      await connection.createFolder(entry.path).catch((err: Error) => {
        this.log.warn({ err: { message: err.message } }, 'could not make a parent folder selectable');
      });
    }
    return placeholders.length > 0;
  }

  /**
   * GETQUOTAROOT INBOX, cached (QuotaCache). No QUOTA capability means no quota (null). A server that
   * has QUOTA but answers NO is logged and reported as null, so the folder tree still serves.
   */
  private quota(mail: MailSession, connection: MailConnection): Promise<Quota | null> {
    const cached = this.quotas.get(mail.account.id);
    if (cached) return Promise.resolve(cached.quota);
    // One read per session at a time (the tree's deferred read and the details' may meet).
    const pending = this.reading.get(mail.account.id);
    if (pending) return pending;
    const read = this.readQuota(mail, connection).finally(() => this.reading.delete(mail.account.id));
    this.reading.set(mail.account.id, read);
    return read;
  }

  /** The first tree's quota, read a moment later; failures wait for the next ask. */
  private quotaLater(mail: MailSession, connection: MailConnection): void {
    if (this.reading.has(mail.account.id)) return;
    const read = new Promise<void>((resolve) => setTimeout(resolve, this.quotaDelayMs).unref())
      .then(() => this.readQuota(mail, connection))
      .catch(() => null)
      .finally(() => this.reading.delete(mail.account.id));
    this.reading.set(mail.account.id, read);
  }

  private async readQuota(mail: MailSession, connection: MailConnection): Promise<Quota | null> {
    let quota: Quota | null = null;
    if (connection.has('QUOTA')) {
      // imapflow converts the KiB of IMAP QUOTA's STORAGE resource to bytes.
      const result = await connection.quota('INBOX');
      if (result && result.storage?.limit !== undefined) {
        quota = { used: result.storage.usage ?? 0, allowed: result.storage.limit };
      } else if (!result) {
        this.log.warn('the mail server answered GETQUOTAROOT with NO');
      }
    }
    this.quotas.set(mail.account.id, quota);
    return quota;
  }
}
