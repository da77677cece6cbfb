import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../../infra/config.js';
import type { Db } from '../../infra/db/database.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { Clock } from '../../infra/test-clock.js';
import type { FeatureModule } from '../../infra/http/feature-module.js';
import type { FolderIdsRepository } from '../../mail/folder-ids.repository.js';
import type { MailConnector } from '../../mail/mail-connector.js';
import type { MailSessions } from '../../mail/mail-session.js';
import { AttachmentResolver } from './attachment-resolver.js';
import { draftsRoutes } from './drafts.routes.js';
import { DraftsRepository } from './drafts.repository.js';
import { DraftsService } from './drafts.service.js';
import type { MailAccess } from '../../mail/mail-access.js';
import { OutboxCredentials } from './outbox-credentials.js';
import { OutboxDelivery } from './outbox-delivery.js';
import { OutboxJob } from './outbox-job.js';
import { OutboxRecovery } from './outbox-recovery.js';
import { OutboxRepository } from './outbox.repository.js';
import { RecentPartiesRepository } from './recent-parties.repository.js';
import { recentPartiesRoutes } from './recent-parties.routes.js';
import { RecentPartiesService } from './recent-parties.service.js';
import { ReplyService } from './reply.service.js';
import { SendLaterService } from './send-later.js';
import { sendRoutes } from './send.routes.js';
import { SendService } from './send.service.js';
import { UploadsRepository } from './uploads.repository.js';
import { uploadsRoutes } from './uploads.routes.js';
import { UploadsService } from './uploads.service.js';

export interface ComposeModuleDeps {
  config: Pick<Config, 'compose' | 'smtp' | 'tlsRejectUnauthorized' | 'sessionSecret'>;
  db: Db;
  mail: MailSessions;
  connector: MailConnector;
  access: MailAccess;
  folderIds: FolderIdsRepository;
  /** The display name of an account (the From of its mail). */
  nameOf: (email: string) => Promise<string>;
  /** The verified outgoing addresses of an account: From choices besides the account itself (settings). */
  senders: (email: string) => Promise<{ address: string; name: string }[]>;
  publish: PublishEvent;
  /** Where the outbox reads the time (the system clock; a movable one with TEST_CLOCK). */
  clock: Clock;
  /** Writes a send the server makes for a possibly absent owner (send later) to the owner's security log. */
  recordBackgroundSend: (account: string) => Promise<void>;
  /** The account's time zone from its settings (sent mail's Date header); null when none is set. */
  timeZoneOf: (account: string) => Promise<string | null>;
  log: FastifyBaseLogger;
}

/** Finished outbox entries and untouched draft rows are kept this long. */
const outboxKeepMs = 7 * 86_400_000;
const draftRowKeepMs = 90 * 86_400_000;

/** Drafts, replies, uploads, sending with undo (the outbox job) and recipient autocomplete. */
export function createComposeModule(deps: ComposeModuleDeps): {
  module: FeatureModule;
  outboxQueue: () => ReturnType<OutboxRepository['queueStats']>;
} {
  const { config, db, mail, log, clock, publish } = deps;
  const uploadsRepo = new UploadsRepository(db);
  const draftsRepo = new DraftsRepository(db);
  const outbox = new OutboxRepository(db);
  const uploads = new UploadsService(uploadsRepo);
  const resolver = new AttachmentResolver(uploadsRepo);
  const drafts = new DraftsService(
    deps.nameOf,
    deps.senders,
    deps.folderIds,
    draftsRepo,
    outbox,
    uploadsRepo,
    uploads,
    resolver,
  );
  const parties = new RecentPartiesService(
    new RecentPartiesRepository(db),
    config.compose.recentPartiesRefreshMs,
    log,
  );
  const credentials = new OutboxCredentials(config.sessionSecret, deps.access);
  const delivery = outboxDelivery(deps, { outbox, credentials, parties, drafts });
  const sendLaterAvailable = deps.access.delegated;
  const send = new SendService({
    defaultUndoSeconds: config.compose.undoSendSeconds,
    drafts,
    outbox,
    credentials,
    delivery,
    clock,
    publish,
    sendLaterAvailable,
  });
  const later = new SendLaterService({ outbox, clock, publish, sendLaterAvailable });
  const maintenance = async () => {
    const now = Date.now();
    await uploadsRepo.pruneUnusedBefore(now - config.compose.uploadTtlMs);
    await outbox.pruneFinishedBefore(now - outboxKeepMs);
    await draftsRepo.pruneBefore(now - draftRowKeepMs);
  };
  const recovery = new OutboxRecovery(credentials, deps.connector, log);
  const outboxJob = new OutboxJob(outbox, delivery, maintenance, recovery, clock);
  const replies = new ReplyService();
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(recentPartiesRoutes(mail, parties));
    await app.register(uploadsRoutes(uploads));
    await app.register(draftsRoutes(mail, drafts, replies));
    await app.register(sendRoutes(mail, send, later));
  };
  return {
    module: { name: 'compose', routes, jobs: [outboxJob.job] },
    outboxQueue: () => outbox.queueStats(),
  };
}

/** The outbox's sender, with what a send tells the rest: recent parties, the draft gone, a scheduled send done. */
function outboxDelivery(
  deps: ComposeModuleDeps,
  parts: {
    outbox: OutboxRepository;
    credentials: OutboxCredentials;
    parties: RecentPartiesService;
    drafts: DraftsService;
  },
): OutboxDelivery {
  const { config, mail, log, clock, publish } = deps;
  const { outbox, credentials, parties, drafts } = parts;
  return new OutboxDelivery(
    {
      smtp: { ...config.smtp, tlsRejectUnauthorized: config.tlsRejectUnauthorized },
      smtpSavesSent: config.compose.smtpSavesSent,
      clock,
    },
    outbox,
    credentials,
    mail,
    deps.connector,
    {
      sent: (account, recipients, at) => parties.recordSent(account, recipients, at),
      draftRemoved: (account, draftId) => drafts.forget(account, draftId),
      submittingScheduled: (account) => deps.recordBackgroundSend(account),
      scheduledDone: (row, status) =>
        publish(row.account, { command: 'scheduledSent', id: row.id, subject: row.subject, status }),
      timeZoneOf: deps.timeZoneOf,
    },
    log,
  );
}
