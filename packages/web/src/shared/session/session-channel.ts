import { SessionBroadcast, sessionChannelName } from '@webmail/contracts';
import { openTypedChannel, type TypedChannel } from './typed-channel';

/**
 * The line between this browser's tabs for sign-ins and sign-outs (`userLoggedIn`, `userLoggedOut`). Where BroadcastChannel is missing, a tab
 * notices a sign-out at its next navigation (the session rule) or API call (401).
 */
export type SessionChannel = TypedChannel<SessionBroadcast>;

export function openSessionChannel(): SessionChannel {
  return openTypedChannel(sessionChannelName, SessionBroadcast);
}
