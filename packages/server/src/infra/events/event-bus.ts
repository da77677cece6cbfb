import { AppEvent, type AppEventCommand } from '@webmail/contracts';
import type { EventLogRepository } from './event-log.repository.js';
import { broadcastMaxBytes, type EventFanout } from './pg-fanout.js';

/** An event for every stream and tab of `account` (the mailbox address), or for one session of it. */
export interface BusEvent {
  account: string;
  event: AppEvent;
  /** Only this session's streams get it (its own sign-out). */
  sessionId?: string;
  /**
   * Not logged for replay and not sent to other server processes: mail events, which each process that holds
   * a stream of the account makes itself (its mailbox watcher, or the mail server's push passed on to every
   * process by `broadcast`). A reconnecting client refetches mail instead.
   */
  transient?: boolean;
}

/** An event as subscribers get it: with its id when it was logged (the stream's `id:`). */
export interface DeliveredEvent extends BusEvent {
  id: number | null;
}

export type BusListener = (message: DeliveredEvent) => void | Promise<void>;

/** What a service is given to announce its changes: the account they concern and the event. */
export type PublishEvent = (account: string, event: AppEvent) => void;

/** A `PublishEvent` for every session of the account, logged for replay. */
export function publisherOf(bus: Pick<EventBus, 'publish'>): PublishEvent {
  return (account, event) => void bus.publish({ account, event });
}

/**
 * The event bus. Services publish a typed `AppEvent` (the catalogue in contracts) after every change;
 * subscribers (the event streams, caches) receive it. A logged event is first written to the replay log,
 * which gives it its id; with PostgreSQL it then reaches every server process through LISTEN/NOTIFY (this one
 * too, so all deliver in the same order), with SQLite (one process) it is delivered here at once. Publishing
 * never throws into the service that changed something: failures are reported and the others still run.
 */
export class EventBus {
  private readonly byCommand = new Map<AppEventCommand | '*', Set<BusListener>>();
  private readonly byTopic = new Map<string, Set<(payload: unknown) => void>>();

  constructor(
    private readonly log: EventLogRepository,
    private readonly fanout: EventFanout | null,
    private readonly onError: (err: unknown, command: string) => void = () => undefined,
  ) {
    fanout?.onAnnounce((id) => void this.deliverLogged(id));
    fanout?.onBroadcast((raw) => this.deliverBroadcast(raw));
  }

  /** Whether other server processes hear what is published here (PostgreSQL); SQLite serves one process. */
  get spansProcesses(): boolean {
    return this.fanout !== null;
  }

  /** Hears `broadcast`s of `topic` from every process, this one included. */
  onBroadcast(topic: string, listener: (payload: unknown) => void): () => void {
    let set = this.byTopic.get(topic);
    if (!set) this.byTopic.set(topic, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /**
   * Hands a JSON value to the `topic` listeners of every process, unlogged (nothing replays it). It must stay
   * under `broadcastMaxBytes` serialized (the NOTIFY payload limit); a larger one is refused here.
   */
  async broadcast(topic: string, payload: unknown): Promise<void> {
    const raw = JSON.stringify({ topic, payload });
    if (!this.fanout) return this.deliverBroadcast(raw);
    if (Buffer.byteLength(raw) > broadcastMaxBytes) throw new Error(`broadcast of ${topic} too large`);
    await this.fanout.broadcast(raw).catch((err: unknown) => this.onError(err, topic));
  }

  private deliverBroadcast(raw: string): void {
    try {
      const { topic, payload } = JSON.parse(raw) as { topic: string; payload: unknown };
      for (const listener of this.byTopic.get(topic) ?? []) listener(payload);
    } catch (err) {
      this.onError(err, 'broadcast');
    }
  }

  subscribe(command: AppEventCommand | '*', listener: BusListener): () => void {
    let set = this.byCommand.get(command);
    if (!set) this.byCommand.set(command, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Fire and forget; resolves when this process has delivered it (tests wait on it). */
  publish(message: BusEvent): Promise<void> {
    return this.send(message).catch((err: unknown) => this.onError(err, message.event.command));
  }

  private async send(message: BusEvent): Promise<void> {
    if (message.transient) return this.deliver({ ...message, id: null });
    const id = await this.log.append({
      account: message.account,
      sessionId: message.sessionId ?? null,
      payload: JSON.stringify(message.event),
      at: Date.now(),
    });
    if (this.fanout) await this.fanout.announce(id);
    else this.deliver({ ...message, id });
  }

  private async deliverLogged(id: number): Promise<void> {
    try {
      const row = await this.log.byId(id);
      if (!row) return;
      const event = AppEvent.parse(JSON.parse(row.payload));
      this.deliver({ account: row.account, sessionId: row.sessionId ?? undefined, event, id });
    } catch (err) {
      this.onError(err, 'fanout');
    }
  }

  private deliver(message: DeliveredEvent): void {
    const listeners = [
      ...(this.byCommand.get(message.event.command) ?? []),
      ...(this.byCommand.get('*') ?? []),
    ];
    for (const listener of listeners) {
      try {
        const result = listener(message);
        if (result instanceof Promise)
          result.catch((err: unknown) => this.onError(err, message.event.command));
      } catch (err) {
        this.onError(err, message.event.command);
      }
    }
  }
}
