import type { ServerResponse } from 'node:http';
import type { AppEvent } from '@webmail/contracts';
import type { DeliveredEvent } from '../../infra/events/event-bus.js';

/** One open `text/event-stream` answer. */
export interface EventStream {
  account: string;
  sessionId: string;
  userIndex: number;
  response: ServerResponse;
  /** While the missed events are replayed, live ones wait here (then those not replayed already follow). */
  held?: DeliveredEvent[];
}

/** Why a stream was refused: too many for the account or the process. */
export class StreamLimitReached extends Error {}

/**
 * The open streams of this process, by account. Sends an event to the streams it is for: every stream of the
 * account, or only those of one session (its sign-out). Writes never throw: a closed socket just drops out.
 */
export class EventStreams {
  private readonly byAccount = new Map<string, Set<EventStream>>();
  private count = 0;

  constructor(private readonly limits: { streamsPerUser: number; streamsMax: number }) {}

  add(stream: EventStream): void {
    const set = this.byAccount.get(stream.account) ?? new Set();
    if (set.size >= this.limits.streamsPerUser || this.count >= this.limits.streamsMax) {
      throw new StreamLimitReached();
    }
    set.add(stream);
    this.byAccount.set(stream.account, set);
    this.count += 1;
  }

  /** Returns how many streams the account still has here. */
  remove(stream: EventStream): number {
    const set = this.byAccount.get(stream.account);
    if (!set?.delete(stream)) return set?.size ?? 0;
    this.count -= 1;
    if (set.size === 0) this.byAccount.delete(stream.account);
    return set.size;
  }

  has(account: string): boolean {
    return this.byAccount.has(account);
  }

  get size(): number {
    return this.count;
  }

  send(message: DeliveredEvent): void {
    for (const stream of this.byAccount.get(message.account) ?? []) {
      if (message.sessionId && stream.sessionId !== message.sessionId) continue;
      if (stream.held) stream.held.push(message);
      else write(stream, message.event, message.id);
    }
  }

  /** A transient event for every stream of this process, whichever its account. */
  sendToAll(event: DeliveredEvent['event']): void {
    for (const account of [...this.byAccount.keys()]) this.send({ account, event, id: null });
  }

  /** Ends a session's streams (after its sign-out event went out). */
  closeSession(sessionId: string): void {
    for (const set of this.byAccount.values()) {
      for (const stream of set) if (stream.sessionId === sessionId) stream.response.end();
    }
  }

  heartbeat(): void {
    for (const set of this.byAccount.values()) {
      for (const stream of set) if (!stream.response.writableEnded) stream.response.write(': keep-alive\n\n');
    }
  }

  /**
   * The server is closing: each stream is told to reconnect (to this node when it is back, or to another behind the
   * balancer), resuming by its last event id, and ends.
   */
  closeAll(): void {
    for (const set of this.byAccount.values()) {
      for (const stream of set) {
        write(stream, { command: 'reconnect' }, null);
        stream.response.end();
      }
    }
  }
}

/** One SSE message: `id:` only for logged events (a transient one leaves the client's last id as it was). */
export function write(stream: Pick<EventStream, 'response'>, event: AppEvent, id: number | null): void {
  const { response } = stream;
  if (response.writableEnded || response.destroyed) return;
  response.write(`${id === null ? '' : `id: ${id}\n`}data: ${JSON.stringify(event)}\n\n`);
}

/** Ends a replay: the live events held meanwhile, without those the replay already sent. */
export function releaseHeld(stream: EventStream, lastSentId: number): void {
  const held = stream.held ?? [];
  stream.held = undefined;
  for (const message of held) {
    if (message.id === null || message.id > lastSentId) write(stream, message.event, message.id);
  }
}
