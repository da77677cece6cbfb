import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow, ListResponse } from 'imapflow';
import type { MailboxTreeResponse, Quota, SpecialUse } from '@webmail/contracts';
import { notFound } from '../../infra/errors.js';
import type { AuthService, SessionContext } from '../auth/auth.service.js';
import type { ActiveSessions } from './active-sessions.js';
import { buildFolderTree, specialUseOf } from './folder-tree.js';
import type { MailboxIdsRepository, MailboxRecord } from './mailbox-ids.repository.js';
import type { QuotaCache } from './quota-cache.js';

/** The folder list as IMAP reports it, with each path's id and settings. */
export interface FolderListing {
  client: ImapFlow;
  entries: ListResponse[];
  records: Map<string, MailboxRecord>;
  delimiter: string;
}

export class MailboxesService {
  constructor(
    private readonly auth: AuthService,
    private readonly ids: MailboxIdsRepository,
    private readonly quotas: QuotaCache,
    private readonly activeSessions: ActiveSessions,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Folder tree (one LIST-STATUS round trip on servers that have it) and the account's quota. */
  async tree(session: SessionContext): Promise<MailboxTreeResponse> {
    const listing = await this.listing(session, true);
    return {
      mailboxes: buildFolderTree(listing.entries, listing.records),
      quota: await this.quota(session, listing.client),
    };
  }

  /** LIST (optionally with STATUS counts), placeholder parents made real, ids assigned. */
  async listing(session: SessionContext, withStatus = false): Promise<FolderListing> {
    const client = await this.auth.imap(session);
    this.activeSessions.note(session);
    const options = withStatus ? { statusQuery: { messages: true, unseen: true } } : {};
    let entries = await client.list(options);
    if (await this.makeParentsSelectable(client, entries)) entries = await client.list(options);
    entries = entries.filter((e) => !e.flags.has('\\NonExistent'));
    const records = await this.ids.idsFor(
      session.email,
      entries.map((e) => e.path),
    );
    // Dovecot answers one hierarchy delimiter for the whole namespace; '/' is the sandbox's and the default.
    const delimiter = entries.find((e) => e.delimiter)?.delimiter ?? '/';
    return { client, entries, records, delimiter };
  }

  /** The path of the account's special-use folder, or null when the server has none. */
  async specialUsePath(session: SessionContext, use: SpecialUse): Promise<string | null> {
    const client = await this.auth.imap(session);
    const entries = await client.list();
    return entries.find((e) => specialUseOf(e) === use)?.path ?? null;
  }

  /** The account's quota (cached; see `quota`). */
  async quotaOf(session: SessionContext): Promise<Quota | null> {
    return this.quota(session, await this.auth.imap(session));
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
  private async makeParentsSelectable(client: ImapFlow, entries: ListResponse[]): Promise<boolean> {
    const placeholders = entries.filter((e) => e.flags.has('\\Noselect') && !e.flags.has('\\NonExistent'));
    for (const entry of placeholders) {
      await client.mailboxCreate(entry.path).catch((err: Error) => {
        this.log.warn({ err: { message: err.message } }, 'could not make a parent folder selectable');
      });
    }
    return placeholders.length > 0;
  }

  /**
   * GETQUOTAROOT INBOX, cached (QuotaCache). No QUOTA capability means no quota (null). A server that
   * has QUOTA but answers NO is logged and reported as null, so the folder tree still serves.
   */
  private async quota(session: SessionContext, client: ImapFlow): Promise<Quota | null> {
    const cached = this.quotas.get(session.id);
    if (cached) return cached.quota;
    let quota: Quota | null = null;
    if (client.capabilities.has('QUOTA')) {
      // imapflow converts the KiB of IMAP QUOTA's STORAGE resource to bytes.
      const result = await client.getQuota('INBOX');
      if (result && result.storage?.limit !== undefined) {
        quota = { used: result.storage.usage ?? 0, allowed: result.storage.limit };
      } else if (!result) {
        this.log.warn('the mail server answered GETQUOTAROOT with NO');
      }
    }
    this.quotas.set(session.id, quota);
    return quota;
  }

  /** Folder path of an id, or 404. */
  async pathOf(session: SessionContext, mailboxId: string): Promise<string> {
    return (await this.recordOf(session, mailboxId)).path;
  }

  /** The folder's record, or 404. */
  async recordOf(session: SessionContext, mailboxId: string): Promise<MailboxRecord> {
    const record = await this.ids.find(session.email, mailboxId);
    if (!record) throw notFound('Folder');
    return record;
  }
}
