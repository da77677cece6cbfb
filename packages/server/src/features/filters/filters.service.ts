import { filterLimits, type Filter, type FiltersResponse, type SieveScriptState } from '@webmail/contracts';
import { randomToken } from '../../infra/crypto.js';
import { FieldProblems, notFound, refusal } from '../../infra/errors.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { MailSession } from '../../mail/mail-session.js';
import type { ChangeOrigin, FilterScript, MailContext } from './filter-script.js';
import { cleanAction, cleanQuery, type FilterFields } from './filter-fields.js';
import type { FilterRow } from './filters.repository.js';

/**
 * The filter list: create, edit, switch on and off, move to the bottom, delete; every change goes through
 * `FilterScript.commit` (one transaction with the script upload) and publishes its event.
 */
export class FiltersService {
  constructor(
    private readonly script: FilterScript,
    private readonly publish: PublishEvent,
  ) {}

  async list(mail: MailSession): Promise<FiltersResponse> {
    const script = await this.script.state(mail);
    const disabled = await this.script.disabled(mail.email);
    if (disabled.has('filters')) return { filters: null, script };
    return {
      filters: (await this.script.repository.list(mail.email)).map((row) =>
        this.script.toFilter(row, disabled),
      ),
      script,
    };
  }

  async create(mail: MailSession, fields: FilterFields, origin: ChangeOrigin): Promise<Filter> {
    const context = await this.script.context(mail);
    this.validate(fields, context);
    const now = Date.now();
    const { result: row } = await this.script.commit(mail, context, async (repo) => {
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
    this.script.changed(mail, origin, fields.action.targets?.length ? 'forwardingChanged' : 'filtersChanged');
    this.publish(mail.email, { command: 'filterCreated', id: row.id });
    return this.script.toFilter(row, context.disabled);
  }

  /** The full body, or only `{disabled}`. */
  async update(
    mail: MailSession,
    id: string,
    patch: FilterFields | { disabled: boolean },
    origin: ChangeOrigin,
  ): Promise<Filter> {
    const context = await this.script.context(mail);
    if ('name' in patch) this.validate(patch, context);
    const { result: row } = await this.script.commit(mail, context, async (repo) => {
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
    this.script.changed(mail, origin, 'filtersChanged');
    this.publish(mail.email, { command: 'filterUpdated', id });
    return this.script.toFilter(row, context.disabled);
  }

  async remove(mail: MailSession, id: string, origin: ChangeOrigin): Promise<void> {
    await this.massDelete(mail, [id], origin, true);
  }

  async massDelete(mail: MailSession, ids: string[], origin: ChangeOrigin, single = false): Promise<number> {
    const context = await this.script.context(mail);
    const { result: deleted } = await this.script.commit(mail, context, async (repo) => {
      const n = await repo.delete(mail.email, ids);
      if (single && n === 0) throw notFound('Filter', 'filterNotFound');
      return n;
    });
    this.script.changed(mail, origin, 'filtersChanged');
    for (const id of ids) this.publish(mail.email, { command: 'filterDeleted', id });
    return deleted;
  }

  async massToggle(mail: MailSession, disabled: boolean, ids: string[] | undefined, origin: ChangeOrigin) {
    const context = await this.script.context(mail);
    const { result: changed } = await this.script.commit(mail, context, (repo) =>
      repo.setDisabled(mail.email, disabled, ids, Date.now()),
    );
    this.script.changed(mail, origin, 'filtersChanged');
    for (const id of ids ?? []) this.publish(mail.email, { command: 'filterUpdated', id });
    return changed;
  }

  async moveToBottom(mail: MailSession, id: string, origin: ChangeOrigin): Promise<Filter> {
    const context = await this.script.context(mail);
    const { result: row } = await this.script.commit(mail, context, async (repo) => {
      const position = await repo.nextPosition(mail.email);
      if (!(await repo.update(mail.email, id, { position, updated_at: Date.now() }))) {
        throw notFound('Filter', 'filterNotFound');
      }
      return (await repo.find(mail.email, id))!;
    });
    this.script.changed(mail, origin, 'filtersChanged');
    this.publish(mail.email, { command: 'filterMoveToBottom', id });
    return this.script.toFilter(row, context.disabled);
  }

  /** Makes the webmail's script active in place of another client's (which stays on the server). */
  async takeOver(mail: MailSession, origin: ChangeOrigin): Promise<SieveScriptState> {
    const context = await this.script.context(mail);
    const { state } = await this.script.commit(mail, context, async () => undefined, { takeOver: true });
    this.script.changed(mail, origin, 'filtersChanged');
    return state;
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
    if (a.targets?.length && context.disabled.has('targets')) {
      throw refusal('Forbidden', 403, 'targetsDisabled', 'Forwarding is not part of your plan');
    }
  }
}
