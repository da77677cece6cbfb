import {
  filterLimits,
  FilterInput,
  type FilterImportProblem,
  type FiltersImportResult,
} from '@webmail/contracts';
import { randomToken } from '../../infra/crypto.js';
import { refusal } from '../../infra/errors.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { MailSession } from '../../mail/mail-session.js';
import type { ChangeOrigin, FilterScript } from './filter-script.js';
import { cleanAction, cleanQuery, type FilterFields } from './filter-fields.js';
import { exportGmailFilters } from './gmail-xml-export.js';
import { NotAFilterFile, parseGmailFilters } from './gmail-xml.js';

/** Import and export of Gmail's mailFilters.xml (`gmail-xml.ts` and `gmail-xml-export.ts` do the mapping). */
export class FiltersTransferService {
  constructor(
    private readonly script: FilterScript,
    private readonly publish: PublishEvent,
  ) {}

  /**
   * Imports Gmail's mailFilters.xml at the bottom of the list: entries our filters cannot express, or properties
   * they cannot, are reported per entry (`problems`); the rest is imported in one change. Forwarding addresses
   * are never imported: a file can come from anywhere, and mail must reach only addresses the user entered
   * here, in the filter form, as forwarding added by hand does. The entry comes in without them, reported
   * (`forwardTo`), so the user adds them by hand.
   */
  async importFilters(mail: MailSession, xml: string, origin: ChangeOrigin): Promise<FiltersImportResult> {
    const context = await this.script.context(mail);
    const { accepted, problems } = checkedEntries(xml, context.folders);
    const now = Date.now();
    const { result: ids } = await this.script.commit(mail, context, async (repo) => {
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
    this.script.changed(mail, origin, 'filtersChanged');
    this.publish(mail.email, { command: 'filterImported', count: ids.length });
    if (problems.length > 0)
      this.publish(mail.email, { command: 'filterImportFailed', failed: problems.length });
    return { imported: ids.length, problems };
  }

  /** Every filter, in list order, as Gmail's mailFilters.xml. */
  async exportFilters(mail: MailSession): Promise<string> {
    const context = await this.script.context(mail);
    const filters = (await this.script.repository.list(mail.email)).map((row) =>
      this.script.toFilter(row, context.disabled),
    );
    return exportGmailFilters(filters, mail.email, context.folders);
  }
}

/**
 * The file's entries our filters can express, checked as the filter form checks them, and a problem per entry
 * with what was left out or why it was skipped. Not a filter file: 422.
 */
function checkedEntries(
  xml: string,
  folders: Parameters<typeof parseGmailFilters>[1],
): { accepted: FilterFields[]; problems: FilterImportProblem[] } {
  let parsed: ReturnType<typeof parseGmailFilters>;
  try {
    parsed = parseGmailFilters(xml, folders);
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
  /** One problem per entry: what a later step finds is added to what parsing found. */
  const report = (filter: { entry: number; name: string }, properties: string[], skipped: boolean) => {
    const known = problems.find((p) => p.entry === filter.entry);
    if (!known) problems.push({ entry: filter.entry, name: filter.name, properties, skipped });
    else Object.assign(known, { properties: [...known.properties, ...properties], skipped });
  };
  for (const filter of parsed.filters) {
    const forwarded = !!filter.action.targets?.length;
    delete filter.action.targets;
    const { entry: _entry, ...fields } = filter;
    const checked = FilterInput.safeParse(fields);
    const empty = Object.keys(cleanAction(filter.action)).length === 0;
    if (!checked.success || empty) {
      const fields = checked.success ? ['no actions'] : checked.error.issues.map((i) => i.path.join('.'));
      report(filter, [...(forwarded ? ['forwardTo'] : []), ...fields], true);
    } else {
      if (forwarded) report(filter, ['forwardTo'], false);
      accepted.push(checked.data);
    }
  }
  return { accepted, problems };
}
