import { SessionBroadcast, sessionChannelName } from '@webmail/contracts';

/**
 * The cross-tab line of spec §4 (`userLoggedIn`, `userLoggedOut`), the app's only use of BroadcastChannel
 * (conventions §14). Messages from other tabs are checked against the contract's schema: another tab may run an
 * older build, and anything that does not parse is dropped. A tab does not hear its own messages.
 *
 * Where BroadcastChannel is missing (old browsers, some test environments) the channel is silent: every tab still
 * works on its own and notices a sign-out at its next navigation (the session rule) or API call (401).
 */
export interface SessionChannel {
  post: (message: SessionBroadcast) => void;
  /** Returns the unsubscribe function. */
  subscribe: (listener: (message: SessionBroadcast) => void) => () => void;
  close: () => void;
}

export function openSessionChannel(): SessionChannel {
  if (typeof BroadcastChannel === 'undefined') return silentChannel();
  const channel = new BroadcastChannel(sessionChannelName);
  const listeners = new Set<(message: SessionBroadcast) => void>();
  const onMessage = (event: MessageEvent) => {
    const parsed = SessionBroadcast.safeParse(event.data);
    if (!parsed.success) return;
    for (const listener of [...listeners]) listener(parsed.data);
  };
  channel.addEventListener('message', onMessage);
  let closed = false;
  return {
    post: (message) => {
      if (!closed) channel.postMessage(SessionBroadcast.parse(message));
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

function silentChannel(): SessionChannel {
  return { post: () => {}, subscribe: () => () => {}, close: () => {} };
}
