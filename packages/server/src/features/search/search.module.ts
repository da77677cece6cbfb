import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../../infra/config.js';
import type { Db } from '../../infra/db/database.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { FeatureModule } from '../../infra/http/feature-module.js';
import type { MailSessions } from '../../mail/mail-session.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import type { MassActionsService } from '../messages/mass-actions.service.js';
import type { MessagesService } from '../messages/messages.service.js';
import { SavedSearchesService } from './saved-searches.service.js';
import { SearchEngines } from './search-engines.js';
import { SearchHitsCache } from './search-hits-cache.js';
import { SearchRepository } from './search.repository.js';
import { searchRoutes } from './search.routes.js';
import { SearchService } from './search.service.js';

export interface SearchModuleDeps {
  config: Pick<Config, 'search'>;
  db: Db;
  mail: MailSessions;
  mailboxes: MailboxesService;
  messages: MessagesService;
  massActions: MassActionsService;
  publish: PublishEvent;
  log: FastifyBaseLogger;
}

/** Search across folders, recent and saved searches, and mass actions on all results. */
export function createSearchModule(deps: SearchModuleDeps): { module: FeatureModule } {
  const { mail } = deps;
  const cache = new SearchHitsCache();
  // Cached hits describe one connection's view; a signed-out session's results must not linger.
  mail.onConnectionEnd((sessionId) => cache.forgetSession(sessionId));
  const engines = new SearchEngines(deps.config.search, cache, deps.messages);
  const repository = new SearchRepository(deps.db);
  const search = new SearchService(deps.mailboxes, deps.massActions, engines, repository, deps.publish);
  const saved = new SavedSearchesService(search, engines, repository, deps.publish, deps.log);
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(searchRoutes(mail, search, saved));
  };
  return { module: { name: 'search', routes } };
}
