import type { FastifyBaseLogger } from 'fastify';
import type { FolderCounter } from '@webmail/contracts';
import type { Config } from '../../infra/config.js';
import type { EventBus } from '../../infra/events/event-bus.js';
import type { EventLogRepository } from '../../infra/events/event-log.repository.js';
import type { FeatureModule } from '../../infra/http/feature-module.js';
import type { SessionEndReason, SessionLifecycle } from '../../infra/session/session-lifecycle.js';
import type { FolderIdsRepository } from '../../mail/folder-ids.repository.js';
import type { MailConnector } from '../../mail/mail-connector.js';
import type { MailSession, MailSessions } from '../../mail/mail-session.js';
import type { OwnerMail } from '../../mail/owner-mail.js';
import type { MessagesService } from '../messages/messages.service.js';
import { eventStreamRoutes } from './event-stream.routes.js';
import { EventStreams } from './event-streams.js';
import { mailEventsFor } from './mail-events.js';
import { MailPushReceiver } from './mail-push.js';
import { mailPushRoutes } from './mail-push.routes.js';
import { pushRelay } from './push-relay.js';
import { MailboxWatchers } from './mailbox-watchers.js';
import type { FolderStatus, KnownFolderStatusSource } from '../../mail/watch/folder-status.js';
import type { ReconnectOptions } from '../../mail/watch/reconnect.js';

export interface EventsModuleDeps {
  config: Config['events'];
  mail: MailSessions;
  bus: EventBus;
  eventLog: EventLogRepository;
  lifecycle: SessionLifecycle;
  connector: MailConnector;
  folderIds: FolderIdsRepository;
  messages: Pick<MessagesService, 'rowsOf' | 'readAhead'>;
  /** The delegated door live mail pushed by the mail server is read through. */
  owners: Pick<OwnerMail, 'forPresentOwner'>;
  /** Where readers below ask for folder states: the watchers answer what they last heard. */
  folderStatus: Pick<KnownFolderStatusSource, 'provide'>;
  /** The watchers' reconnect clock and randomness (tests). */
  retry?: ReconnectOptions;
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
 * The live event stream: every event of the bus to the streams it is for, mail changes pushed by the mail server
 * (LIVE_MAIL=push) or from a watcher per account (LIVE_MAIL=watcher), the sign-out of a session to its own streams (which then close).
 */
export function createEventsModule(deps: EventsModuleDeps) {
  const { config, bus, log } = deps;
  const streams = new EventStreams(config);
  const liveMail = (on: boolean) => ({ command: 'liveMail' as const, on, pollSeconds: config.pollSeconds });
  const listenerFor = (account: string) =>
    mailEventsFor(account, {
      folderIds: deps.folderIds,
      messages: deps.messages,
      publish: (event) => void bus.publish({ account, event, transient: true }),
      // Push mode keeps no mail session per stream: what arrived is read when the user opens it.
      readAhead: (mailboxId, messages) => {
        for (const mail of watchers.sessionsOf(account))
          void deps.messages.readAhead(mail, mailboxId, messages);
      },
      log,
    });
  const watchers = new MailboxWatchers({
    connector: deps.connector,
    max: config.watchersMax,
    graceMs: config.watcherGraceMs,
    retry: deps.retry,
    // Only this process's streams: another node's watcher of the same account is its own.
    onLive: (account, on) => streams.send({ account, event: liveMail(on), id: null }),
    log,
    listenerFor,
  });
  deps.folderStatus.provide((account, path) => watchers.statusOf(account, path));
  const push = new MailPushReceiver({
    present: (account) => streams.has(account),
    read: (account, fn) => deps.owners.forPresentOwner(account, fn),
    listenerFor,
    log,
  });
  // Pushes the mail server dropped (its spool was full): mail events cannot be replayed, so every stream re-reads.
  const resyncAll = () => streams.sendToAll({ command: 'resync' });
  const relay = pushRelay({ bus, receiver: push, resyncAll, log });
  const module: FeatureModule = {
    name: 'events',
    routes: async (app) => {
      await app.register(
        eventStreamRoutes({
          mail: deps.mail,
          streams,
          // With push the mail server tells what changed: an open stream holds no IMAP connection.
          watchers: config.liveMail === 'watcher' ? watchers : null,
          eventLog: deps.eventLog,
          liveMailOff: liveMail(false),
          countersOf: (mail) => folderCounters(deps.folderIds, mail, watchers.statusesOf(mail.email)),
        }),
      );
      await app.register(mailPushRoutes({ secret: config.pushSecret, receiver: relay }));
    },
    subscribers: eventsSubscribers(deps, streams, relay),
    jobs: eventsJobs(deps, streams),
    close: async () => {
      streams.closeAll();
      await watchers.closeAll();
      // Pushes taken already are applied (their events logged for replay on another node) before the database closes.
      await push.settled();
    },
  };
  return { module, streams, watchers, push };
}

/** The bus's events to this process's streams (a sign-out also ends the session's streams), and pushes relayed. */
function eventsSubscribers(
  deps: EventsModuleDeps,
  streams: EventStreams,
  relay: ReturnType<typeof pushRelay>,
): NonNullable<FeatureModule['subscribers']> {
  const { bus } = deps;
  return [
    // A push reaches the node the mail server chose; streams of the account may be on any node.
    () => relay.subscribe(),
    () =>
      bus.subscribe('*', (message) => {
        streams.send(message);
        // A session's sign-out goes to its own streams (in whichever process holds them), which then end.
        if (message.event.command === 'logout' && message.sessionId) streams.closeSession(message.sessionId);
      }),
    () =>
      deps.lifecycle.on('ended', ({ sessionId, email, reason }) => {
        void bus.publish({
          account: email,
          sessionId,
          event: { command: 'logout', kind: logoutKind[reason] },
        });
      }),
  ];
}

/** The streams' heartbeat on every node, and pruning the replay log where the database lets a process claim it. */
function eventsJobs(deps: EventsModuleDeps, streams: EventStreams): NonNullable<FeatureModule['jobs']> {
  const { config } = deps;
  return [
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
  ];
}

/**
 * The account's folder counts now, by folder id: as its watcher knows them, or else (push, no watcher slot) from
 * one LIST-STATUS on the stream's own session (a folder without an id yet gets one).
 */
async function folderCounters(
  folderIds: FolderIdsRepository,
  mail: MailSession,
  known: Array<{ path: string; status: FolderStatus }>,
): Promise<FolderCounter[]> {
  const counts = known.length
    ? known.map(({ path, status }) => ({ path, messages: status.messages, unseen: status.unseen }))
    : (await mail.list({ statusQuery: { messages: true, unseen: true } })).flatMap(({ path, status }) =>
        status?.messages === undefined
          ? []
          : [{ path, messages: status.messages, unseen: status.unseen ?? 0 }],
      );
  if (!counts.length) return [];
  const ids = await folderIds.idsFor(
    mail.email,
    counts.map(({ path }) => path),
  );
  return counts.flatMap(({ path, messages, unseen }) => {
    const mailboxId = ids.get(path)?.id;
    return mailboxId ? [{ mailboxId, unseen, total: messages }] : [];
  });
}
