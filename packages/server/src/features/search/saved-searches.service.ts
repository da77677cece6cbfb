import { searchLimits, type SavedSearch, type SavedSearchCreate } from '@webmail/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import { AppError, notFound, refusal } from '../../infra/errors.js';
import type { MailSession, MailFolder } from '../../mail/mail-session.js';
import type { SearchEngines } from './search-engines.js';
import type { SearchRepository, SavedRow } from './search.repository.js';
import type { SearchService } from './search.service.js';

/**
 * Queries saved under a name (beyond the product's spec: Fastmail has them). Each is listed with its unread
 * count: the query's criteria plus UNSEEN, counted with `UID SEARCH RETURN (COUNT)` where it searches (one command
 * in the "all mail" folder). A saved query that no longer reads (a folder it names is gone) counts as null.
 */
export class SavedSearchesService {
  constructor(
    private readonly search: SearchService,
    private readonly engines: SearchEngines,
    private readonly repository: SearchRepository,
    private readonly publish: PublishEvent,
    private readonly log: FastifyBaseLogger,
  ) {}

  async list(mail: MailSession): Promise<SavedSearch[]> {
    const rows = await this.repository.saved(mail.email);
    const out: SavedSearch[] = [];
    for (const row of rows) out.push({ ...toSaved(row), unseen: await this.unseen(mail, row.query) });
    return out;
  }

  async save(mail: MailSession, body: SavedSearchCreate): Promise<SavedSearch> {
    // Refuses an unreadable query (422) before it is stored.
    await this.search.prepare(mail, body.query);
    const existing = await this.repository.saved(mail.email);
    if (existing.length >= searchLimits.savedSearches) {
      throw refusal('ValidationError', 422, 'savedSearchLimit', 'Too many saved searches');
    }
    const row = await this.repository.insertSaved(mail.email, body.name, body.query.trim(), Date.now());
    this.publish(mail.email, { command: 'savedSearchUpdated', id: row.id });
    return { ...toSaved(row), unseen: await this.unseen(mail, row.query) };
  }

  async remove(mail: MailSession, id: string): Promise<void> {
    if (!(await this.repository.deleteSaved(mail.email, id)))
      throw notFound('Saved search', 'savedSearchNotFound');
    this.publish(mail.email, { command: 'savedSearchDeleted', id });
  }

  private async unseen(mail: MailSession, query: string): Promise<number | null> {
    try {
      const { listing, scope, criteriaIn } = await this.search.prepare(mail, query);
      const unseen = (folder: MailFolder) => criteriaIn(folder, [{ type: 'ATOM', value: 'UNSEEN' }]);
      return await this.engines.count(mail, listing, scope, unseen);
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return null;
      this.log.warn({ err }, 'could not count a saved search');
      return null;
    }
  }
}

const toSaved = (row: SavedRow) => ({ id: row.id, name: row.name, query: row.query });
