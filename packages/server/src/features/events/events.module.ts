import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../infra/config.js';
import type { EventBus } from '../../infra/events/event-bus.js';
import type { EventLogRepository } from '../../infra/events/event-log.repository.js';
import type { FeatureModule } from '../../infra/http/feature-module.js';
import type { SessionEndReason, SessionLifecycle } from '../../infra/session/session-lifecycle.js';
import type { FolderIdsRepository } from '../../mail/folder-ids.repository.js';
import type { MailConnector } from '../../mail/mail-connector.js';
import type { MailSessions } from '../../mail/mail-session.js';
import type { MessagesService } from '../messages/messages.service.js';
import { eventStreamRoutes } from './event-stream.routes.js';
import { EventStreams } from './event-streams.js';
import { mailEventsFor } from './mail-events.js';
import { MailboxWatchers } from './mailbox-watchers.js';

export interface EventsModuleDeps {
  config: Config['events'];
  mail: MailSessions;
  bus: EventBus;
  eventLog: EventLogRepository;
  lifecycle: SessionLifecycle;
  connector: MailConnector;
  folderIds: FolderIdsRepository;
  messages: Pick<MessagesService, 'rowsOf' | 'readAhead'>;
  log: FastifyBaseLogger;
}

const logoutKind: Record<SessionEndReason, 'user' | 'deviceUser' | 'device'> = {
  logout: 'user',
  deviceUser: 'deviceUser',
  device: 'device',
  revoked: 'user',
  replaced: 'user',
};

/**
 * The live event stream: every event of the bus to the streams it is for, mail changes from a watcher per
 * account, the sign-out of a session to its own streams (which then close).
 */
export function createEventsModule(deps: EventsModuleDeps) {
  const { config, bus, log } = deps;
  const streams = new EventStreams(config);
  const watchers = new MailboxWatchers({
    connector: deps.connector,
    max: config.watchersMax,
    graceMs: config.watcherGraceMs,
    log,
    listenerFor: (account) =>
      mailEventsFor(account, {
        folderIds: deps.folderIds,
        messages: deps.messages,
        publish: (event) => void bus.publish({ account, event, transient: true }),
        readAhead: (mailboxId, messages) => {
          for (const mail of watchers.sessionsOf(account))
            void deps.messages.readAhead(mail, mailboxId, messages);
        },
        log,
      }),
  });
  const module: FeatureModule = {
    name: 'events',
    routes: eventStreamRoutes({ mail: deps.mail, streams, watchers, eventLog: deps.eventLog }),
    subscribers: [
      () =>
        bus.subscribe('*', (message) => {
          streams.send(message);
          // A session's sign-out goes to its own streams (in whichever process holds them), which then end.
          if (message.event.command === 'logout' && message.sessionId)
            streams.closeSession(message.sessionId);
        }),
      () =>
        deps.lifecycle.on('ended', ({ sessionId, email, reason }) => {
          void bus.publish({
            account: email,
            sessionId,
            event: { command: 'logout', kind: logoutKind[reason] },
          });
        }),
    ],
    jobs: [
      {
        name: 'event-stream-heartbeat',
        scope: 'node',
        intervalMs: 25_000,
        run: async () => streams.heartbeat(),
      },
      {
        name: 'event-log-prune',
        scope: 'claims',
        intervalMs: 60_000,
        run: () => deps.eventLog.pruneBefore(Date.now() - config.replayMs),
      },
    ],
    close: async () => {
      streams.closeAll();
      await watchers.closeAll();
    },
  };
  return { module, streams, watchers };
}
