import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../infra/db/database.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { FeatureModule } from '../../infra/http/feature-module.js';
import type { SessionLifecycle } from '../../infra/session/session-lifecycle.js';
import type { FolderIdsRepository } from '../../mail/folder-ids.repository.js';
import type { MailSessions } from '../../mail/mail-session.js';
import type { OwnerMail } from '../../mail/owner-mail.js';
import { ActiveSessions } from './active-sessions.js';
import { FolderRetentionService } from './folder-retention.service.js';
import { FolderPathListeners } from './folder-path-listeners.js';
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
}

/** The folder tree, folder management, quota and folder retention. */
export function createMailboxesModule(deps: MailboxesModuleDeps) {
  const { db, mail, folderIds, lifecycle, log } = deps;
  const quotas = new QuotaCache();
  const settings = new FolderSettingsRepository(db);
  const mailboxes = new MailboxesService(folderIds, quotas, log);
  // Told after folder paths changed; the features that file by path subscribe in their own modules.
  const folderPaths = new FolderPathListeners();
  const folders = new FoldersService(mailboxes, folderIds, settings, deps.publish, (mail) =>
    folderPaths.changed(mail),
  );
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
  return {
    module,
    mailboxes,
    retention,
    quotas,
    folderPaths: folderPaths as Pick<FolderPathListeners, 'on'>,
  };
}
