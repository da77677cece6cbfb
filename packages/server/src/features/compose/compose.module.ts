import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../infra/config.js';
import type { Db } from '../../infra/db/database.js';
import type { ImapPool } from '../../mail/imap/imap-pool.js';
import type { AuthService } from '../auth/auth.service.js';
import type { SessionsRepository } from '../auth/sessions.repository.js';
import type { MailboxIdsRepository } from '../mailboxes/mailbox-ids.repository.js';
import type { MailboxesService } from '../mailboxes/mailboxes.service.js';
import { AttachmentResolver } from './attachment-resolver.js';
import { draftsRoutes } from './drafts.routes.js';
import { DraftsRepository } from './drafts.repository.js';
import { DraftsService } from './drafts.service.js';
import { OutboxCredentials } from './outbox-credentials.js';
import { OutboxDelivery } from './outbox-delivery.js';
import { OutboxJob } from './outbox-job.js';
import { OutboxRepository } from './outbox.repository.js';
import { RecentPartiesRepository } from './recent-parties.repository.js';
import { recentPartiesRoutes } from './recent-parties.routes.js';
import { RecentPartiesService } from './recent-parties.service.js';
import { ReplyService } from './reply.service.js';
import { sendRoutes } from './send.routes.js';
import { SendService } from './send.service.js';
import { UploadsRepository } from './uploads.repository.js';
import { uploadsRoutes } from './uploads.routes.js';
import { UploadsService } from './uploads.service.js';

export interface ComposeDeps {
  config: Config;
  db: Db;
  auth: AuthService;
  sessions: SessionsRepository;
  mailboxes: MailboxesService;
  mailboxIds: MailboxIdsRepository;
  imapPool: ImapPool;
  log: FastifyBaseLogger;
}

/** Finished outbox entries and untouched draft rows are kept this long. */
const outboxKeepMs = 7 * 86_400_000;
const draftRowKeepMs = 90 * 86_400_000;

/** Wires the compose feature (issue 5): its routes, and the outbox job app.ts starts and stops. */
export function createCompose(deps: ComposeDeps) {
  const { config, db, log } = deps;
  const uploadsRepo = new UploadsRepository(db);
  const draftsRepo = new DraftsRepository(db);
  const outbox = new OutboxRepository(db);
  const uploads = new UploadsService(uploadsRepo);
  const resolver = new AttachmentResolver(uploadsRepo, deps.auth, deps.mailboxes);
  const drafts = new DraftsService(
    deps.auth,
    deps.mailboxIds,
    draftsRepo,
    outbox,
    uploadsRepo,
    uploads,
    resolver,
  );
  const parties = new RecentPartiesService(
    new RecentPartiesRepository(db),
    deps.auth,
    config.compose.recentPartiesRefreshMs,
    log,
  );
  const credentials = new OutboxCredentials(config.sessionSecret);
  const tls = config.tlsRejectUnauthorized;
  const delivery = new OutboxDelivery(
    {
      smtp: { ...config.smtp, tlsRejectUnauthorized: tls },
      imap: { ...config.imap, tlsRejectUnauthorized: tls },
      smtpSavesSent: config.compose.smtpSavesSent,
    },
    outbox,
    credentials,
    deps.imapPool,
    {
      sent: (account, recipients, at) => parties.recordSent(account, recipients, at),
      draftRemoved: (account, draftId) => drafts.forget(account, draftId),
    },
    log,
  );
  const send = new SendService(
    config.compose.undoSendSeconds,
    drafts,
    outbox,
    deps.sessions,
    credentials,
    delivery,
  );
  const maintenance = async () => {
    const now = Date.now();
    await uploadsRepo.pruneUnusedBefore(now - config.compose.uploadTtlMs);
    await outbox.pruneFinishedBefore(now - outboxKeepMs);
    await draftsRepo.pruneBefore(now - draftRowKeepMs);
  };
  const job = new OutboxJob(outbox, delivery, maintenance, log);
  const replies = new ReplyService(deps.auth, deps.mailboxes);
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(recentPartiesRoutes(parties));
    await app.register(uploadsRoutes(uploads));
    await app.register(draftsRoutes(drafts, replies));
    await app.register(sendRoutes(send));
  };
  return { routes, job };
}
