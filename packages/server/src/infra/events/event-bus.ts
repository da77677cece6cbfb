import type { AppEvent, AppEventCommand } from '@webmail/contracts';

/** An event with who it is for: every stream and tab of `account` (the mailbox address) receives it. */
export interface BusEvent {
  account: string;
  event: AppEvent;
  /** The session that made the change, so its own tab can tell its echo apart (optional). */
  originSessionId?: string;
}

export type BusListener = (message: BusEvent) => void | Promise<void>;

/**
 * The in-process event bus: services publish a typed `AppEvent` (the catalogue in contracts) after every change;
 * subscribers (the event stream, caches, jobs) receive it. Publishing never throws into the service that
 * changed something: a failing subscriber is reported and the others still run.
 */
export class EventBus {
  private readonly byCommand = new Map<AppEventCommand | '*', Set<BusListener>>();

  constructor(
    private readonly onListenerError: (err: unknown, message: BusEvent) => void = () => undefined,
  ) {}

  subscribe(command: AppEventCommand | '*', listener: BusListener): () => void {
    let set = this.byCommand.get(command);
    if (!set) this.byCommand.set(command, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  publish(message: BusEvent): void {
    const listeners = [
      ...(this.byCommand.get(message.event.command) ?? []),
      ...(this.byCommand.get('*') ?? []),
    ];
    for (const listener of listeners) {
      try {
        const result = listener(message);
        if (result instanceof Promise) result.catch((err: unknown) => this.onListenerError(err, message));
      } catch (err) {
        this.onListenerError(err, message);
      }
    }
  }
}
