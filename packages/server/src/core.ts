import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './infra/config.js';
import type { Db } from './infra/db/database.js';
import { EventBus } from './infra/events/event-bus.js';
import { EventLogRepository } from './infra/events/event-log.repository.js';
import { PgFanout } from './infra/events/pg-fanout.js';
import { JobRegistry } from './infra/jobs/job-registry.js';
import { SessionAuthenticator } from './infra/session/session-authenticator.js';
import { SessionLifecycle } from './infra/session/session-lifecycle.js';
import { SessionsRepository } from './infra/session/sessions.repository.js';
import { FolderIdsRepository } from './mail/folder-ids.repository.js';
import { ImapPool } from './mail/imap/imap-pool.js';
import { MailAccess } from './mail/mail-access.js';
import { MailConnector } from './mail/mail-connector.js';
import { MailSessions } from './mail/mail-session.js';
import { MailServerAdmin } from './mail/mail-server-admin.js';
import { MailSignIn } from './mail/mail-sign-in.js';

/** What every feature may be given: the session layer, the mail layer, the event bus and the job registry. */
export type Core = ReturnType<typeof createCore>;

export function createCore(config: Config, db: Db, log: FastifyBaseLogger) {
  const sessions = new SessionsRepository(db);
  const lifecycle = new SessionLifecycle((err) => log.error({ err }, 'session lifecycle listener failed'));
  const authenticator = new SessionAuthenticator(config, sessions);
  const pool = new ImapPool(config.imapIdleCloseMs);
  const connector = new MailConnector(
    { ...config.imap, tlsRejectUnauthorized: config.tlsRejectUnauthorized },
    log,
  );
  const access = MailAccess.fromConfig(config.mailAccess);
  const folderIds = new FolderIdsRepository(db);
  const mail = new MailSessions({ pool, connector, access, folderIds, sessions, lifecycle });
  const signIn = new MailSignIn(connector, pool, access);
  const admin = new MailServerAdmin(config.doveadm, log);
  const eventLog = new EventLogRepository(db);
  // Several server processes share one PostgreSQL: an event logged by one reaches the streams of all.
  const fanout =
    config.database.kind === 'postgres'
      ? new PgFanout(config.database.url, (err) => log.error({ err }, 'event fan-out connection failed'))
      : null;
  const bus = new EventBus(eventLog, fanout, (err, command) =>
    log.error({ err, command }, 'event delivery failed'),
  );
  const jobs = new JobRegistry(log);
  return {
    sessions,
    lifecycle,
    authenticator,
    pool,
    connector,
    access,
    folderIds,
    mail,
    signIn,
    admin,
    bus,
    eventLog,
    jobs,
    webDistDir: config.webDistDir,
    // The sign-in page is the built-in password form alone: it can be drawn before the app runs (infra/spa.ts).
    drawnSignInPage: config.passwordSignIn && !config.oidc && !config.authAppUrl,
    start: async () => {
      // Delegated access keeps no user password: copies sealed before an upgrade (or a mode change) are erased;
      // those sessions go on through the delegated door.
      if (!access.keepsPassword) await sessions.forgetPasswords();
      await fanout?.start();
    },
    close: async () => {
      await pool.closeAll();
      await fanout?.close();
    },
  };
}
