import { z } from 'zod';

/**
 * Cross-tab line for mail changes: after a mass action one tab says `mailboxChanged` for a user, and the other
 * tabs of this browser re-read that user's folder tree and lists, so folder counts agree everywhere without
 * waiting for the event stream. A separate channel from `webmail-session` (session-channel.ts): sign-in state and
 * mail data have different listeners and different schemas, and neither should parse the other's traffic.
 *
 * A tab does not hear its own messages as long as it posts and listens through the one shared channel
 * (`mailboxChannel()`); a second `openMailboxChannel()` in the same page behaves like another tab (tests use that).
 * Without BroadcastChannel the channel is silent and every tab keeps its own counts until it refetches.
 */
export const mailboxChannelName = 'webmail-mailbox';

export const MailboxBroadcast = z.object({
  type: z.literal('mailboxChanged'),
  userIndex: z.number().int().min(0),
});
export type MailboxBroadcast = z.infer<typeof MailboxBroadcast>;

export interface MailboxChannel {
  post: (message: MailboxBroadcast) => void;
  /** Returns the unsubscribe function. */
  subscribe: (listener: (message: MailboxBroadcast) => void) => () => void;
  close: () => void;
}

export function openMailboxChannel(): MailboxChannel {
  if (typeof BroadcastChannel === 'undefined')
    return { post: () => {}, subscribe: () => () => {}, close: () => {} };
  const channel = new BroadcastChannel(mailboxChannelName);
  // Node (tests) keeps a process alive while a channel is open; browsers have no unref and need none.
  (channel as BroadcastChannel & { unref?: () => void }).unref?.();
  const listeners = new Set<(message: MailboxBroadcast) => void>();
  const onMessage = (event: MessageEvent) => {
    // Another tab may run an older build: anything that does not parse is dropped.
    const parsed = MailboxBroadcast.safeParse(event.data);
    if (!parsed.success) return;
    for (const listener of [...listeners]) listener(parsed.data);
  };
  channel.addEventListener('message', onMessage);
  let closed = false;
  return {
    post: (message) => {
      if (!closed) channel.postMessage(MailboxBroadcast.parse(message));
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

let shared: MailboxChannel | null = null;

/** This tab's channel, opened on first use and kept for the page's life. */
export function mailboxChannel(): MailboxChannel {
  shared ??= openMailboxChannel();
  return shared;
}
