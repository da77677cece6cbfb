import {
  defaultSpamLevel,
  filterLimits,
  FilterInput,
  type FiltersImportResult,
  type FilterImportProblem,
  type Autoreply,
  type DisabledFeature,
  type Filter,
  type FilterAction,
  type FilterQuery,
  type FiltersResponse,
  type SecurityEventType,
  type SieveScriptState,
} from '@webmail/contracts';
import { randomToken } from '../../infra/crypto.js';
import { FieldProblems, notFound, refusal } from '../../infra/errors.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { MailSession } from '../../mail/mail-session.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import { compileScript } from './filters-compiler.js';
import type { FilterRow, FiltersRepository } from './filters.repository.js';
import type { SieveSync } from './sieve-sync.js';
import { exportGmailFilters, NotAFilterFile, parseGmailFilters, type FolderResolver } from './gmail-xml.js';

/** The filter body after its schema. */
export interface FilterFields {
  name: string;
  query: FilterQuery;
  action: FilterAction;
  disabled: boolean;
}

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
interface MailContext {
  password: string;
  folderPaths: Map<string, string>;
  junkPath: string;
  folders: FolderResolver;
}

/**
 * Filters, forwarding targets, auto-reply and spam level. The database is the source of truth; every change
 * recompiles the one Sieve script and uploads it inside the same transaction, so a refused upload changes nothing.
 * Another client's active script is never replaced without `takeOver` (the list says `foreign`).
 *
 * The transaction is held while the script is uploaded (a few ms on a nearby server); everything that needs the
 * database or IMAP outside the transaction (password, folder list) is read before it opens, because SQLite has
 * one connection and a query waiting for it inside the transaction would wait forever.
 */
export class FiltersService {
  constructor(
    private readonly repository: FiltersRepository,
    private readonly mailboxes: MailboxesService,
    private readonly sync: SieveSync,
    private readonly disabledFeatures: readonly DisabledFeature[],
    private readonly publish: PublishEvent,
    private readonly changeLog: FilterChangeLog,
  ) {}

  private disabled(feature: DisabledFeature): boolean {
    return this.disabledFeatures.includes(feature);
  }

  async list(mail: MailSession): Promise<FiltersResponse> {
    const script = await this.sync.state({ user: mail.email, password: await mail.password() });
    if (this.disabled('filters')) return { filters: null, script };
    return { filters: (await this.repository.list(mail.email)).map((row) => this.toFilter(row)), script };
  }

  async create(mail: MailSession, fields: FilterFields, origin: ChangeOrigin): Promise<Filter> {
    this.check('filters');
    const context = await this.context(mail);
    this.validate(fields, context);
    const now = Date.now();
    const { result: row } = await this.commit(mail, context, async (repo) => {
      if ((await repo.list(mail.email)).length >= filterLimits.max) {
        throw refusal(
          'ValidationError',
          422,
          'filterLimit',
          `An account can have at most ${filterLimits.max} filters`,
        );
      }
      const created: FilterRow = {
        id: randomToken(12),
        position: await repo.nextPosition(mail.email),
        name: fields.name,
        disabled: fields.disabled ? 1 : 0,
        query: JSON.stringify(cleanQuery(fields.query)),
        action: JSON.stringify(cleanAction(fields.action)),
        created_at: now,
        updated_at: now,
      };
      await repo.insert(mail.email, created);
      return created;
    });
    this.changed(mail, origin, fields.action.targets?.length ? 'forwardingChanged' : 'filtersChanged');
    this.publish(mail.email, { command: 'filterCreated', id: row.id });
    return this.toFilter(row);
  }

  /** The full body, or only `{disabled}`. */
  async update(
    mail: MailSession,
    id: string,
    patch: FilterFields | { disabled: boolean },
    origin: ChangeOrigin,
  ): Promise<Filter> {
    this.check('filters');
    const context = await this.context(mail);
    if ('name' in patch) this.validate(patch, context);
    const { result: row } = await this.commit(mail, context, async (repo) => {
      const changes =
        'name' in patch
          ? {
              name: patch.name,
              disabled: patch.disabled ? 1 : 0,
              query: JSON.stringify(cleanQuery(patch.query)),
              action: JSON.stringify(cleanAction(patch.action)),
            }
          : { disabled: patch.disabled ? 1 : 0 };
      if (!(await repo.update(mail.email, id, { ...changes, updated_at: Date.now() }))) {
        throw notFound('Filter', 'filterNotFound');
      }
      return (await repo.find(mail.email, id))!;
    });
    this.changed(mail, origin, 'filtersChanged');
    this.publish(mail.email, { command: 'filterUpdated', id });
    return this.toFilter(row);
  }

  async remove(mail: MailSession, id: string, origin: ChangeOrigin): Promise<void> {
    await this.massDelete(mail, [id], origin, true);
  }

  async massDelete(mail: MailSession, ids: string[], origin: ChangeOrigin, single = false): Promise<number> {
    this.check('filters');
    const context = await this.context(mail);
    const { result: deleted } = await this.commit(mail, context, async (repo) => {
      const n = await repo.delete(mail.email, ids);
      if (single && n === 0) throw notFound('Filter', 'filterNotFound');
      return n;
    });
    this.changed(mail, origin, 'filtersChanged');
    for (const id of ids) this.publish(mail.email, { command: 'filterDeleted', id });
    return deleted;
  }

  async massToggle(mail: MailSession, disabled: boolean, ids: string[] | undefined, origin: ChangeOrigin) {
    this.check('filters');
    const context = await this.context(mail);
    const { result: changed } = await this.commit(mail, context, (repo) =>
      repo.setDisabled(mail.email, disabled, ids, Date.now()),
    );
    this.changed(mail, origin, 'filtersChanged');
    for (const id of ids ?? []) this.publish(mail.email, { command: 'filterUpdated', id });
    return changed;
  }

  async moveToBottom(mail: MailSession, id: string, origin: ChangeOrigin): Promise<Filter> {
    this.check('filters');
    const context = await this.context(mail);
    const { result: row } = await this.commit(mail, context, async (repo) => {
      const position = await repo.nextPosition(mail.email);
      if (!(await repo.update(mail.email, id, { position, updated_at: Date.now() }))) {
        throw notFound('Filter', 'filterNotFound');
      }
      return (await repo.find(mail.email, id))!;
    });
    this.changed(mail, origin, 'filtersChanged');
    this.publish(mail.email, { command: 'filterMoveToBottom', id });
    return this.toFilter(row);
  }

  /**
   * Imports Gmail's mailFilters.xml at the bottom of the list: entries our filters cannot express, or properties
   * they cannot, are reported per entry (`problems`); the rest is imported in one change.
   */
  async importFilters(mail: MailSession, xml: string, origin: ChangeOrigin): Promise<FiltersImportResult> {
    this.check('filters');
    const context = await this.context(mail);
    let parsed: ReturnType<typeof parseGmailFilters>;
    try {
      parsed = parseGmailFilters(xml, context.folders);
    } catch (err) {
      if (!(err instanceof NotAFilterFile)) throw err;
      throw refusal(
        'ValidationError',
        422,
        'filtersImportInvalid',
        `Not a filter export (mailFilters.xml): ${err.message}`,
      );
    }
    const problems: FilterImportProblem[] = [...parsed.problems];
    const accepted: FilterFields[] = [];
    for (const filter of parsed.filters) {
      if (filter.action.targets?.length && this.disabled('targets')) {
        delete filter.action.targets;
        problems.push({ entry: filter.entry, name: filter.name, properties: ['forwardTo'], skipped: false });
      }
      const { entry: _entry, ...fields } = filter;
      const checked = FilterInput.safeParse(fields);
      const empty = Object.keys(cleanAction(filter.action)).length === 0;
      if (!checked.success || empty) {
        const fields = checked.success ? ['no actions'] : checked.error.issues.map((i) => i.path.join('.'));
        problems.push({ entry: filter.entry, name: filter.name, properties: fields, skipped: true });
      } else accepted.push(checked.data);
    }
    const now = Date.now();
    const { result: ids } = await this.commit(mail, context, async (repo) => {
      const existing = (await repo.list(mail.email)).length;
      if (existing + accepted.length > filterLimits.max) {
        throw refusal(
          'ValidationError',
          422,
          'filterLimit',
          `An account can have at most ${filterLimits.max} filters`,
        );
      }
      let position = await repo.nextPosition(mail.email);
      const created: string[] = [];
      for (const fields of accepted) {
        const id = randomToken(12);
        await repo.insert(mail.email, {
          id,
          position: position++,
          name: fields.name,
          disabled: fields.disabled ? 1 : 0,
          query: JSON.stringify(cleanQuery(fields.query)),
          action: JSON.stringify(cleanAction(fields.action)),
          created_at: now,
          updated_at: now,
        });
        created.push(id);
      }
      return created;
    });
    problems.sort((a, b) => a.entry - b.entry);
    this.changed(
      mail,
      origin,
      accepted.some((f) => f.action.targets?.length) ? 'forwardingChanged' : 'filtersChanged',
    );
    this.publish(mail.email, { command: 'filterImported', count: ids.length });
    if (problems.length > 0)
      this.publish(mail.email, { command: 'filterImportFailed', failed: problems.length });
    return { imported: ids.length, problems };
  }

  /** Every filter, in list order, as Gmail's mailFilters.xml. */
  async exportFilters(mail: MailSession): Promise<string> {
    this.check('filters');
    const context = await this.context(mail);
    const filters = (await this.repository.list(mail.email)).map((row) => this.toFilter(row));
    return exportGmailFilters(filters, mail.email, context.folders);
  }

  /** Makes the webmail's script active in place of another client's (which stays on the server). */
  async takeOver(mail: MailSession, origin: ChangeOrigin): Promise<SieveScriptState> {
    const context = await this.context(mail);
    const { state } = await this.commit(mail, context, async () => undefined, { takeOver: true });
    this.changed(mail, origin, 'filtersChanged');
    return state;
  }

  async targets(mail: MailSession): Promise<string[]> {
    this.check('targets');
    return JSON.parse((await this.repository.settings(mail.email)).targets) as string[];
  }

  async setTargets(mail: MailSession, targets: string[], origin: ChangeOrigin): Promise<string[]> {
    this.check('targets');
    const unique = [...new Set(targets.map((t) => t.trim().toLowerCase()))];
    const context = await this.context(mail);
    await this.commit(mail, context, (repo) =>
      repo.updateSettings(mail.email, { targets: JSON.stringify(unique) }),
    );
    this.changed(mail, origin, 'forwardingChanged');
    return unique;
  }

  async autoreply(mail: MailSession): Promise<Autoreply> {
    this.check('autoreply');
    const stored = (await this.repository.settings(mail.email)).autoreply;
    return stored
      ? (JSON.parse(stored) as Autoreply)
      : { status: false, name: '', subject: '', text: '', html: '', start: null, end: null };
  }

  async setAutoreply(mail: MailSession, autoreply: Autoreply): Promise<Autoreply> {
    this.check('autoreply');
    const context = await this.context(mail);
    await this.commit(mail, context, (repo) =>
      repo.updateSettings(mail.email, { autoreply: JSON.stringify(autoreply) }),
    );
    return autoreply;
  }

  async spamLevel(mail: MailSession): Promise<number> {
    return (await this.repository.settings(mail.email)).spam_level;
  }

  async setSpamLevel(mail: MailSession, spamLevel: number): Promise<number> {
    const context = await this.context(mail);
    await this.commit(mail, context, (repo) => repo.updateSettings(mail.email, { spam_level: spamLevel }));
    return spamLevel;
  }

  /** Targets and spam level for the user details. */
  async detailsOf(account: string): Promise<{ targets: string[]; spamLevel: number }> {
    const settings = await this.repository.settings(account);
    return {
      targets: this.disabled('targets') ? [] : (JSON.parse(settings.targets) as string[]),
      spamLevel: settings.spam_level ?? defaultSpamLevel,
    };
  }

  private async context(mail: MailSession): Promise<MailContext> {
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
  private async commit<T>(
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

  private validate(fields: FilterFields, context: MailContext): void {
    const problems = new FieldProblems();
    const q = cleanQuery(fields.query);
    if (Object.keys(q).length === 0) problems.add('query', 'required', 'Fill in at least one criterion');
    const a = cleanAction(fields.action);
    if (Object.keys(a).length === 0) problems.add('action', 'required', 'Choose at least one action');
    if (a.mailbox && !context.folderPaths.has(a.mailbox)) {
      problems.add('action.mailbox', 'invalid', 'The folder does not exist');
    }
    problems.throwIfAny();
    if (a.targets?.length && this.disabled('targets')) {
      throw refusal('Forbidden', 403, 'targetsDisabled', 'Forwarding is not part of your plan');
    }
  }

  private check(feature: 'filters' | 'targets' | 'autoreply'): void {
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

  private changed(
    mail: MailSession,
    origin: ChangeOrigin,
    type: 'filtersChanged' | 'forwardingChanged',
  ): void {
    void this.changeLog.record({
      account: mail.email,
      type,
      ip: origin.ip,
      userAgent: origin.userAgent,
      protocol: 'web',
    });
  }

  private toFilter(row: FilterRow): Filter {
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

const isTrue = (value: number | boolean) => value === 1 || value === true;

/** Only the criteria that are set: trimmed non-empty texts, `ha: true`, a non-zero size. */
export function cleanQuery(query: FilterQuery): FilterQuery {
  const out: FilterQuery = {};
  for (const key of ['from', 'to', 'subject', 'listId', 'text'] as const) {
    const value = query[key]?.trim();
    if (value) out[key] = value;
  }
  if (query.ha) out.ha = true;
  if (query.size) out.size = query.size;
  return out;
}

/** Only the actions that are set. */
export function cleanAction(action: FilterAction): FilterAction {
  const out: FilterAction = {};
  if (action.seen) out.seen = true;
  if (action.flag) out.flag = true;
  if (action.delete) out.delete = true;
  if (action.spam && action.spam !== 'nothing') out.spam = action.spam;
  if (action.mailbox) out.mailbox = action.mailbox;
  if (action.targets?.length) out.targets = [...new Set(action.targets.map((t) => t.trim().toLowerCase()))];
  return out;
}
