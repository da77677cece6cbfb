import { z } from 'zod';
import { openTypedChannel, type TypedChannel } from './typed-channel';

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

export type MailboxChannel = TypedChannel<MailboxBroadcast>;

export function openMailboxChannel(): MailboxChannel {
  return openTypedChannel(mailboxChannelName, MailboxBroadcast);
}

let shared: MailboxChannel | null = null;

/** This tab's channel, opened on first use and kept for the page's life. */
export function mailboxChannel(): MailboxChannel {
  shared ??= openMailboxChannel();
  return shared;
}
