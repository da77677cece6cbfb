import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../infra/db/database.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { FeatureModule } from '../../infra/http/feature-module.js';
import type { Clock } from '../../infra/test-clock.js';
import type { FolderIdsRepository } from '../../mail/folder-ids.repository.js';
import type { OwnerMail } from '../../mail/owner-mail.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import { SnoozeWakeJob, wokenOnTopMs } from './snooze-job.js';
import { SnoozeRepository } from './snooze.repository.js';
import { snoozeRoutes } from './snooze.routes.js';
import { SnoozeService } from './snooze.service.js';
import { WokenRepository, type WokenMessage } from './woken.repository.js';

export interface SnoozeModuleDeps {
  db: Db;
  mailboxes: MailboxesService;
  folderIds: FolderIdsRepository;
  owners: OwnerMail;
  publish: PublishEvent;
  clock: Clock;
  intervalMs: number;
  /** Accounts woken at once in a pass. */
  concurrency: number;
  node: string;
  log: FastifyBaseLogger;
}

/** A wake's claim outlives any sane run; after it, another process may wake the rows of one that died. */
const claimLeaseMs = 5 * 60_000;

/** The woken messages a folder's list shows first: those woken within the time on top (the messages' `WokenMessages`). */
export function wokenOnTopOf(db: Db, clock: Clock) {
  const woken = new WokenRepository(db);
  return {
    inFolder: (account: string, mailboxId: string) =>
      woken.inFolder(account, mailboxId, clock.now() - wokenOnTopMs),
    remove: (entries: WokenMessage[]) => woken.remove(entries),
  };
}

/** Snooze: the routes and the claims-scoped wake job (delegated mail access; else unavailable, with its reason). */
export function createSnoozeModule(deps: SnoozeModuleDeps) {
  const repo = new SnoozeRepository(deps.db);
  const woken = new WokenRepository(deps.db);
  const service = new SnoozeService({
    repo,
    woken,
    mailboxes: deps.mailboxes,
    folderIds: deps.folderIds,
    publish: deps.publish,
    clock: deps.clock,
    available: deps.owners.available,
    claimLeaseMs,
    node: deps.node,
  });
  const wakeJob = new SnoozeWakeJob({ ...deps, service, repo, woken, claimLeaseMs });
  const module: FeatureModule = {
    name: 'snooze',
    routes: snoozeRoutes(service),
    // Password mode: nothing can wake while the owner is away, and nothing was snoozed (the routes refuse).
    jobs: deps.owners.available ? [wakeJob.job] : [],
  };
  return { module, snooze: service, wakeJob, woken };
}
