import type { FastifyBaseLogger } from 'fastify';
import type { DisabledFeature, Filter, SecurityEventType, SieveScriptState } from '@webmail/contracts';
import type { MailLogin } from '../../mail/mail-access.js';
import type { MailSession } from '../../mail/mail-session.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import type { PlanFeatures } from '../upgrade/plan-features.service.js';
import { storedAction, storedAutoreply, storedQuery, storedTargets } from './filter-columns.js';
import { compileScript, offers, spamLevelExtensions } from './filters-compiler.js';
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
  /** The login for ManageSieve (holds a secret). */
  login: MailLogin;
  folderPaths: Map<string, string>;
  junkPath: string;
  folders: FolderResolver;
  /** The account's plan switches at the time of the change (compiled in: no forwarding when `targets` is off…). */
  disabled: ReadonlySet<DisabledFeature>;
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
    private readonly plan: Pick<PlanFeatures, 'disabledFor'>,
    private readonly changeLog: FilterChangeLog,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The account's switched-off features (the one plan answer: deployment + per-account override). */
  async disabled(account: string): Promise<ReadonlySet<DisabledFeature>> {
    return new Set(await this.plan.disabledFor(account));
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

  /** Whether the mail server's filters can do the spam level (null: the server cannot be reached now). */
  async spamLevelAvailable(): Promise<boolean | null> {
    const offered = await this.sync.offeredExtensions();
    return offered && spamLevelExtensions.every(offers(offered));
  }

  /** The state of the account's active script. */
  async state(mail: MailSession): Promise<SieveScriptState> {
    return this.sync.state(await mail.login());
  }

  /** Password and folders, read before a change opens its transaction. */
  async context(mail: MailSession): Promise<MailContext> {
    const login = await mail.login();
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
    return { login, folderPaths, junkPath, folders, disabled: await this.disabled(mail.email) };
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
      const off = (feature: DisabledFeature) => context.disabled.has(feature);
      const rows = off('filters') ? [] : await repo.list(mail.email);
      const settings = await repo.settings(mail.email);
      const autoreply = storedAutoreply(settings);
      const compile = (offered: readonly string[]) =>
        compileScript({
          filters: rows
            .filter((row) => !isTrue(row.disabled))
            .map((row) => {
              const action = storedAction(row);
              return {
                query: storedQuery(row),
                action: off('targets') ? { ...action, targets: [] } : action,
              };
            }),
          folderPath: (id) => context.folderPaths.get(id),
          junkPath: context.junkPath,
          targets: off('targets') ? [] : storedTargets(settings),
          spamLevel: settings.spam_level,
          autoreply: off('autoreply') ? null : autoreply,
          offered,
        });
      const state = await this.sync.upload(context.login, compile, options);
      return { result, state };
    });
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

  toFilter(row: FilterRow, disabled: ReadonlySet<DisabledFeature>): Filter {
    return {
      id: row.id,
      name: row.name,
      disabled: isTrue(row.disabled),
      created: new Date(Number(row.created_at)).toISOString(),
      query: storedQuery(row),
      action: storedAction(row),
      metaData: { canTargets: !disabled.has('targets'), canMoveTo: !disabled.has('folders') },
    };
  }
}

export const isTrue = (value: number | boolean) => value === 1 || value === true;
