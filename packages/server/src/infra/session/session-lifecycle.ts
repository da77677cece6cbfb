import type { SessionContext } from './session-context.js';

/** Why a session ended: user logout, device-user or device logout, revocation (refresh reuse), a new sign-in. */
export type SessionEndReason = 'logout' | 'deviceUser' | 'device' | 'revoked' | 'replaced';

export interface SessionLifecycleEvents {
  /** A sign-in created the session. */
  started: { session: SessionContext };
  /** The session used its mailbox for the first time in this process (jobs that act for it may start). */
  firstMailUse: { session: SessionContext };
  /** The session ended; its IMAP connections and per-session caches go with it. */
  ended: { sessionId: string; email: string; reason: SessionEndReason };
}

type Listener<K extends keyof SessionLifecycleEvents> = (event: SessionLifecycleEvents[K]) => void;

/**
 * One typed emitter for the life of sessions. Any number of subscribers (the mail layer closes connections, the
 * retention job runs once, the event stream closes its streams); a failing listener is reported and never stops
 * the others or the emitting request.
 */
export class SessionLifecycle {
  private readonly listeners: { [K in keyof SessionLifecycleEvents]: Array<Listener<K>> } = {
    started: [],
    firstMailUse: [],
    ended: [],
  };

  constructor(private readonly onListenerError: (err: unknown) => void = () => undefined) {}

  on<K extends keyof SessionLifecycleEvents>(name: K, listener: Listener<K>): () => void {
    const list = this.listeners[name] as Array<Listener<K>>;
    list.push(listener);
    return () => {
      const at = list.indexOf(listener);
      if (at >= 0) list.splice(at, 1);
    };
  }

  emit<K extends keyof SessionLifecycleEvents>(name: K, event: SessionLifecycleEvents[K]): void {
    for (const listener of [...(this.listeners[name] as Array<Listener<K>>)]) {
      try {
        listener(event);
      } catch (err) {
        this.onListenerError(err);
      }
    }
  }
}
