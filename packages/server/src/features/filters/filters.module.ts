import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Db } from '../../infra/db/database.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { FeatureModule } from '../../infra/http/feature-module.js';
import type { MailSession, MailSessions } from '../../mail/mail-session.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import type { PlanFeatures } from '../upgrade/plan-features.service.js';
import { filtersRoutes } from './filters.routes.js';
import { FiltersRepository } from './filters.repository.js';
import { FiltersService } from './filters.service.js';
import { DeliverySettingsService } from './delivery-settings.service.js';
import { FilterScript, type FilterChangeLog } from './filter-script.js';
import { FiltersTransferService } from './filters-transfer.service.js';
import { InboxApplyService, type InboxMassActions } from './inbox-apply.service.js';
import { SieveSync } from './sieve-sync.js';

export interface FiltersModuleDeps {
  db: Db;
  mail: MailSessions;
  mailboxes: MailboxesService;
  /** Where the mailboxes feature tells of renamed, moved or deleted folders. */
  folderPaths: { on: (listener: (mail: MailSession) => Promise<void>) => void };
  /** Folder mass actions (messages' service), for applying a filter to the mail already in Inbox. */
  massActions: InboxMassActions;
  sieve: { host: string; port: number };
  /** The account's plan switches (the upgrade feature). */
  plan: Pick<PlanFeatures, 'disabledFor' | 'require'>;
  publish: PublishEvent;
  /** The security log (security's service; filters sit beside security in the graph). */
  changeLog: FilterChangeLog;
  log: FastifyBaseLogger;
}

/** Filters, forwarding targets, auto-reply and spam level, compiled to one Sieve script per account. */
export function createFiltersModule(deps: FiltersModuleDeps) {
  const script = new FilterScript(
    new FiltersRepository(deps.db),
    deps.mailboxes,
    new SieveSync(deps.sieve),
    deps.plan,
    deps.changeLog,
    deps.log,
  );
  const services = {
    filters: new FiltersService(script, deps.publish),
    transfer: new FiltersTransferService(script, deps.publish),
    delivery: new DeliverySettingsService(script),
    inbox: new InboxApplyService(script, deps.mailboxes, deps.massActions),
  };
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(filtersRoutes(services));
  };
  const module: FeatureModule = { name: 'filters', routes };
  // The script files into folders by path: a renamed, moved or deleted folder means a recompile.
  deps.folderPaths.on((mail) => script.refresh(mail));
  return { module, delivery: services.delivery };
}
