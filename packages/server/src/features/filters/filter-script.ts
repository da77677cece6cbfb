import type { FastifyBaseLogger } from 'fastify';
import type {
  Autoreply,
  DisabledFeature,
  Filter,
  FilterAction,
  FilterQuery,
  SecurityEventType,
  SieveScriptState,
} from '@webmail/contracts';
import { refusal } from '../../infra/errors.js';
import type { MailSession } from '../../mail/mail-session.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import { compileScript } from './filters-compiler.js';
import type { FilterRow, FiltersRepository } from './filters.repository.js';
import type { FolderResolver } from './gmail-xml.js';
import type { SieveSync } from './sieve-sync.js';

/** Where a change came from, for the security log. */
export interface ChangeOrigin {
  ip: string;
  userAgent: string;
}

/** The security log, as filters need it (security's `SecurityEventsService`, passed by the composition root). */
export interface FilterChangeLog {
  record(input: {
    account: string;
    type: SecurityEventType;
    ip: string;
    userAgent: string;
    protocol: 'web';
  }): Promise<void>;
}

/** What a compile needs from IMAP and the session, read before the transaction opens. */
export interface MailContext {
  password: string;
  folderPaths: Map<string, string>;
  junkPath: string;
  folders: FolderResolver;
}

export type PlanFeature = 'filters' | 'targets' | 'autoreply';

/**
 * The one Sieve script behind filters, forwarding targets, auto-reply and spam level. The database is the
 * source of truth; `commit` runs a change, recompiles the script from the changed rows and uploads it inside the
 * same transaction, so a refused upload changes nothing. Another client's active script is never replaced
 * without `takeOver` (the list then says `foreign`; ours is stored beside it, inactive).
 *
 * The transaction is held while the script is uploaded (a few ms on a nearby server); everything that needs the
 * database or IMAP outside the transaction (password, folder list) is read before it opens (`context`), because
 * SQLite has one connection and a query waiting for it inside the transaction would wait forever.
 */
export class FilterScript {
  constructor(
    readonly repository: FiltersRepository,
    private readonly mailboxes: MailboxesService,
    private readonly sync: SieveSync,
    private readonly disabledFeatures: readonly DisabledFeature[],
    private readonly changeLog: FilterChangeLog,
    private readonly log: FastifyBaseLogger,
  ) {}

  disabled(feature: DisabledFeature): boolean {
    return this.disabledFeatures.includes(feature);
  }

  /**
   * Recompiles and uploads after folder paths changed (rename, move, delete), for accounts that have used
   * filters, forwarding, auto-reply or the spam level. The folder change itself is done: a failure is logged.
   */
  async refresh(mail: MailSession): Promise<void> {
    if (!(await this.repository.hasSettings(mail.email))) return;
    try {
      await this.commit(mail, await this.context(mail), async () => undefined);
    } catch (err) {
      this.log.warn(
        { err: { message: (err as Error).message } },
        'filters: script not refreshed after a folder change',
      );
    }
  }

  /** The state of the account's active script. */
  async state(mail: MailSession): Promise<SieveScriptState> {
    return this.sync.state({ user: mail.email, password: await mail.password() });
  }

  /** Password and folders, read before a change opens its transaction. */
  async context(mail: MailSession): Promise<MailContext> {
    const password = await mail.password();
    const listing = await this.mailboxes.listing(mail);
    const folderPaths = new Map<string, string>();
    for (const [path, record] of listing.records) folderPaths.set(record.id, path);
    const special = this.mailboxes.specialUses(listing);
    const junkPath = special.get('junk') ?? 'Junk';
    const idOfPath = (path: string | undefined) => (path ? listing.records.get(path)?.id : undefined);
    const folders: FolderResolver = {
      idOfPath,
      pathOfId: (id) => folderPaths.get(id),
      archiveId: idOfPath(special.get('archive')),
      trashId: idOfPath(special.get('trash')),
    };
    return { password, folderPaths, junkPath, folders };
  }

  /** Runs the change, recompiles from the changed rows and uploads, all in one transaction. */
  async commit<T>(
    mail: MailSession,
    context: MailContext,
    change: (repo: FiltersRepository) => Promise<T>,
    options: { takeOver?: boolean } = {},
  ): Promise<{ result: T; state: SieveScriptState }> {
    return this.repository.changing(mail.email, async (repo) => {
      const result = await change(repo);
      const rows = this.disabled('filters') ? [] : await repo.list(mail.email);
      const settings = await repo.settings(mail.email);
      const autoreply = settings.autoreply ? (JSON.parse(settings.autoreply) as Autoreply) : null;
      const compiled = compileScript({
        filters: rows
          .filter((row) => !isTrue(row.disabled))
          .map((row) => {
            const action = JSON.parse(row.action) as FilterAction;
            return {
              query: JSON.parse(row.query) as FilterQuery,
              action: this.disabled('targets') ? { ...action, targets: [] } : action,
            };
          }),
        folderPath: (id) => context.folderPaths.get(id),
        junkPath: context.junkPath,
        targets: this.disabled('targets') ? [] : (JSON.parse(settings.targets) as string[]),
        spamLevel: settings.spam_level,
        autoreply: this.disabled('autoreply') ? null : autoreply,
      });
      const state = await this.sync.upload(
        { user: mail.email, password: context.password },
        compiled,
        options,
      );
      return { result, state };
    });
  }

  /** 403 with the feature's reason when the plan switches it off. */
  check(feature: PlanFeature): void {
    if (!this.disabled(feature)) return;
    const [reason, what] = {
      filters: ['filtersDisabled', 'Filters'] as const,
      targets: ['targetsDisabled', 'Forwarding'] as const,
      autoreply: ['autoreplyDisabled', 'Auto-reply'] as const,
    }[feature];
    throw refusal(
      'Forbidden',
      403,
      reason,
      `${what} ${feature === 'filters' ? 'are' : 'is'} not part of your plan`,
    );
  }

  /** A security-log entry for the change (never fails the change). */
  changed(mail: MailSession, origin: ChangeOrigin, type: 'filtersChanged' | 'forwardingChanged'): void {
    void this.changeLog.record({
      account: mail.email,
      type,
      ip: origin.ip,
      userAgent: origin.userAgent,
      protocol: 'web',
    });
  }

  toFilter(row: FilterRow): Filter {
    return {
      id: row.id,
      name: row.name,
      disabled: isTrue(row.disabled),
      created: new Date(Number(row.created_at)).toISOString(),
      query: JSON.parse(row.query) as FilterQuery,
      action: JSON.parse(row.action) as FilterAction,
      metaData: { canTargets: !this.disabled('targets'), canMoveTo: !this.disabled('folders') },
    };
  }
}

export const isTrue = (value: number | boolean) => value === 1 || value === true;
