import { MailPush, type MailPushEvent } from '@webmail/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../infra/events/event-bus.js';
import { broadcastMaxBytes } from '../../infra/events/pg-fanout.js';
import type { MailPushReceiver } from './mail-push.js';

const topic = 'mail-push';
/** The mail server dropped pushes: every node's streams read everything again. */
const lostTopic = 'mail-push-lost';
/** Room left in a broadcast for the topic and the JSON around the push. */
const pushMaxBytes = broadcastMaxBytes - 200;

const size = (push: MailPush) => Buffer.byteLength(JSON.stringify(push));

/**
 * A push that says only "something changed in this account": a folder change of INBOX makes every stream of the
 * account refresh its folders.
 */
export function refreshAccountPush(user: string): MailPush {
  return { user, events: [{ event: 'MailboxRename', mailbox: 'INBOX' }], more: true };
}

/**
 * A push small enough to pass between server processes, saying no less than the original: first without what the
 * receiver never reads (flags, keywords, old names: it reads the results itself); if still too large, one event
 * per folder marked `more`, so the receiver re-reads those folders whole; at worst a folder change of INBOX, which
 * makes every stream refresh its folders.
 */
export function fitPush(push: MailPush, maxBytes = pushMaxBytes): MailPush {
  const slim = (e: MailPushEvent): MailPushEvent => ({
    event: e.event,
    mailbox: e.mailbox,
    ...(e.uid !== undefined ? { uid: e.uid } : {}),
    ...(e.uidValidity !== undefined ? { uidValidity: e.uidValidity } : {}),
  });
  const slimmed: MailPush = { user: push.user, events: push.events.map(slim), more: push.more };
  if (size(slimmed) <= maxBytes) return slimmed;
  const perFolder = new Map<string, MailPushEvent>();
  for (const e of slimmed.events) {
    const key = `${e.event.startsWith('Mailbox') ? 'f' : 'm'}\u0000${e.mailbox}`;
    if (!perFolder.has(key)) perFolder.set(key, { event: e.event, mailbox: e.mailbox });
  }
  const folders: MailPush = { user: push.user, events: [...perFolder.values()], more: true };
  if (size(folders) <= maxBytes) return folders;
  return refreshAccountPush(push.user);
}

/**
 * Takes the mail server's pushes on whichever process the mail server reached and applies them on every process
 * that holds a stream of the account: with PostgreSQL each push goes over the bus's fan-out to all (this one
 * included), and each process reads what its own streams need; with SQLite (one process) it is applied here.
 * Returns whether it was taken: passed on to the other processes, or wanted by a stream here.
 */
export function pushRelay(deps: {
  bus: EventBus;
  receiver: MailPushReceiver;
  /** Tells every stream of this process to read everything again. */
  resyncAll: () => void;
  log: FastifyBaseLogger;
}) {
  const { bus, receiver, resyncAll, log } = deps;
  return {
    accept(push: MailPush): boolean {
      if (!bus.spansProcesses) return receiver.accept(push);
      bus
        .broadcast(topic, fitPush(push))
        .catch((err: unknown) => log.warn({ err }, 'mail push: could not be passed on'));
      return true;
    },
    lost(): void {
      if (!bus.spansProcesses) return resyncAll();
      bus
        .broadcast(lostTopic, {})
        .catch((err: unknown) => log.warn({ err }, 'mail push: could not pass on that pushes were lost'));
    },
    subscribe: () => {
      const pushes = bus.onBroadcast(topic, (payload) => {
        const push = MailPush.safeParse(payload);
        if (push.success) receiver.accept(push.data);
        else log.warn('mail push: a passed-on push was malformed');
      });
      const lost = bus.onBroadcast(lostTopic, () => resyncAll());
      return () => {
        pushes();
        lost();
      };
    },
  };
}
