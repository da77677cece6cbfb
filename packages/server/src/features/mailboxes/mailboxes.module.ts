import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../infra/db/database.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { FeatureModule } from '../../infra/http/feature-module.js';
import type { SessionLifecycle } from '../../infra/session/session-lifecycle.js';
import type { FolderIdsRepository } from '../../mail/folder-ids.repository.js';
import type { MailSession, MailSessions } from '../../mail/mail-session.js';
import type { OwnerMail } from '../../mail/owner-mail.js';
import { ActiveSessions } from './active-sessions.js';
import { FolderRetentionService } from './folder-retention.service.js';
import { FolderSettingsRepository } from './folder-settings.repository.js';
import { FoldersService } from './folders.service.js';
import { mailboxesRoutes } from './mailboxes.routes.js';
import { MailboxesService } from './mailboxes.service.js';
import { QuotaCache } from './quota-cache.js';
import { RetentionJob } from './retention-job.js';

export interface MailboxesModuleDeps {
  db: Db;
  mail: MailSessions;
  folderIds: FolderIdsRepository;
  lifecycle: SessionLifecycle;
  retentionIntervalMs: number;
  /** Background mail work for absent owners (retention for every account, in delegated mode). */
  owners: OwnerMail;
  publish: PublishEvent;
  log: FastifyBaseLogger;
  /** Told after folder paths changed (the filters' Sieve script is recompiled; passed by the composition root). */
  folderPathsChanged?: (mail: MailSession) => Promise<void>;
}

/** The folder tree, folder management, quota and folder retention. */
export function createMailboxesModule(deps: MailboxesModuleDeps) {
  const { db, mail, folderIds, lifecycle, log } = deps;
  const quotas = new QuotaCache();
  const settings = new FolderSettingsRepository(db);
  const mailboxes = new MailboxesService(folderIds, quotas, log);
  const folders = new FoldersService(mailboxes, folderIds, settings, deps.publish, deps.folderPathsChanged);
  const activeSessions = new ActiveSessions();
  const retention = new RetentionJob({
    retention: new FolderRetentionService(settings, log),
    activeSessions,
    mail,
    quotas,
    log,
    intervalMs: deps.retentionIntervalMs,
    owners: deps.owners,
    accountsWithRetention: () => settings.accountsWithRetention(),
  });
  const module: FeatureModule = {
    name: 'mailboxes',
    routes: mailboxesRoutes(mailboxes, folders),
    jobs: [retention.job],
    subscribers: [
      // A session's first use of its mailbox runs retention for it at once (then with the job's interval).
      () =>
        lifecycle.on('firstMailUse', ({ session }) => {
          if (activeSessions.note(session)) void retention.runOnce([[session.id, session.email]]);
        }),
      () =>
        lifecycle.on('ended', ({ sessionId }) => {
          activeSessions.forget(sessionId);
          quotas.forget(sessionId);
        }),
    ],
  };
  return { module, mailboxes, retention, quotas };
}
