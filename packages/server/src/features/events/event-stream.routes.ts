import type { FastifyPluginAsync } from 'fastify';
import { AppEvent, eventsEndpoints, type FolderCounter } from '@webmail/contracts';
import { AppError } from '../../infra/errors.js';
import type { EventLogRepository } from '../../infra/events/event-log.repository.js';
import { route } from '../../infra/http/endpoint-route.js';
import type { MailSession, MailSessions } from '../../mail/mail-session.js';
import {
  releaseHeld,
  StreamLimitReached,
  write,
  type EventStream,
  type EventStreams,
} from './event-streams.js';
import type { MailboxWatchers } from './mailbox-watchers.js';

/** Events one reconnect replays at the most; beyond that the client refetches everything (`resync`). */
const replayMax = 2000;

/**
 * `GET /api/u/{i}`: the account's live events as `text/event-stream`. A client that reconnects says where it
 * stopped (`Last-Event-ID`, or `?lastEventId=` when it opened a new EventSource itself) and gets the logged
 * events it missed, or `resync` when they are no longer kept. Then every event for the account (or this
 * session) as it happens, and a comment every 25 s so proxies keep the connection open.
 */
export function eventStreamRoutes(deps: {
  mail: MailSessions;
  streams: EventStreams;
  /** Null when live mail is pushed by the mail server. */
  watchers: MailboxWatchers | null;
  eventLog: EventLogRepository;
  /** What a stream is told when the account's live mail is off as it opens. */
  liveMailOff: AppEvent;
  /** The account's folder counts now. */
  countersOf: (mail: MailSession) => Promise<FolderCounter[]>;
}): FastifyPluginAsync {
  return async (app) => {
    route(app, eventsEndpoints.stream, async (request, reply) => {
      const mail = deps.mail.forRequest(request);
      const header = request.headers['last-event-id'];
      const fromHeader =
        typeof header === 'string' && /^[0-9]{1,16}$/.test(header) ? Number(header) : undefined;
      const lastEventId = fromHeader ?? request.query.lastEventId;
      const stream: EventStream = {
        account: mail.email,
        sessionId: mail.account.id,
        userIndex: mail.account.userIndex,
        response: reply.raw,
        ...(lastEventId !== undefined ? { held: [] } : {}),
      };
      addStream(deps.streams, stream);
      reply.hijack();
      reply.raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        // nginx and similar proxies would buffer the stream without this.
        'X-Accel-Buffering': 'no',
      });
      // Sent now, not with the first event: a browser reports the stream open on the headers, and a reconnect
      // that missed nothing may have no event to send for a long while.
      reply.raw.flushHeaders();
      deps.watchers?.acquire(mail);
      reply.raw.on('close', () => {
        deps.streams.remove(stream);
        deps.watchers?.release(stream.account, stream.sessionId);
      });
      if (lastEventId === undefined) {
        // `connected` once the account's mail changes are watched: mail arriving from then on is reported, and
        // the counts of this moment show the client what changed since it read them.
        await deps.watchers?.started(stream.account);
        const counters = await deps.countersOf(mail).catch((err: unknown) => {
          request.log.warn({ err }, 'event stream: folder counts not read');
          return [];
        });
        const connected = { command: 'connected' as const, ...(counters.length ? { counters } : {}) };
        write(stream, connected, await deps.eventLog.newestId());
      } else {
        const lastSent = await replay(deps.eventLog, stream, lastEventId).catch((err: unknown) => {
          request.log.error({ err }, 'event replay failed');
          write(stream, { command: 'resync' }, null);
          return Number.MAX_SAFE_INTEGER;
        });
        releaseHeld(stream, lastSent);
      }
      if (deps.watchers && !deps.watchers.liveOf(stream.account)) write(stream, deps.liveMailOff, null);
      return reply;
    });
  };
}

/** Counts the stream in; over the per-user or global limit it is refused with 429 and a time to retry. */
function addStream(streams: EventStreams, stream: EventStream): void {
  try {
    streams.add(stream);
  } catch (err) {
    if (!(err instanceof StreamLimitReached)) throw err;
    throw new AppError(
      'RateLimited',
      429,
      'Too many open event streams',
      undefined,
      { 'Retry-After': '30' },
      {
        reason: 'rateLimited',
      },
    );
  }
}

/** Sends what the stream missed after `lastEventId`; returns the last id it covered. */
async function replay(log: EventLogRepository, stream: EventStream, lastEventId: number): Promise<number> {
  const [oldest, newest] = await Promise.all([log.oldestId(), log.newestId()]);
  const missed = await log.after(stream.account, lastEventId, replayMax + 1);
  // Events between the client's last and the oldest kept were pruned: some may have been this account's.
  const pruned = oldest !== null && lastEventId < oldest - 1;
  if (pruned || lastEventId > newest || missed.length > replayMax) {
    write(stream, { command: 'resync' }, newest);
    return newest;
  }
  for (const row of missed) {
    if (row.sessionId && row.sessionId !== stream.sessionId) continue;
    write(stream, AppEvent.parse(JSON.parse(row.payload)), row.id);
  }
  return Math.max(lastEventId, missed.at(-1)?.id ?? lastEventId);
}
