import type { z } from 'zod';

/**
 * A BroadcastChannel whose messages are checked against a schema (the app's one wrapper of
 * BroadcastChannel). Another tab may run an older build, so anything that does not parse is dropped. A tab does
 * not hear its own messages. Without BroadcastChannel (old browsers, some test environments) the channel is
 * silent and every tab works on its own.
 */
export interface TypedChannel<T> {
  post: (message: T) => void;
  /** Returns the unsubscribe function. */
  subscribe: (listener: (message: T) => void) => () => void;
  close: () => void;
}

export function openTypedChannel<T>(name: string, schema: z.ZodType<T>): TypedChannel<T> {
  if (typeof BroadcastChannel === 'undefined')
    return { post: () => {}, subscribe: () => () => {}, close: () => {} };
  const channel = new BroadcastChannel(name);
  // Node (tests) keeps a process alive while a channel is open; browsers have no unref and need none.
  (channel as BroadcastChannel & { unref?: () => void }).unref?.();
  const listeners = new Set<(message: T) => void>();
  const onMessage = (event: MessageEvent) => {
    const parsed = schema.safeParse(event.data);
    if (!parsed.success) return;
    for (const listener of [...listeners]) listener(parsed.data);
  };
  channel.addEventListener('message', onMessage);
  let closed = false;
  return {
    post: (message) => {
      if (!closed) channel.postMessage(schema.parse(message));
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => {
      if (closed) return;
      closed = true;
      listeners.clear();
      channel.removeEventListener('message', onMessage);
      channel.close();
    },
  };
}
