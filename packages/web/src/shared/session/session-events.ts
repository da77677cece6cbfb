import type { AccountEntry } from '@webmail/contracts';
import { createContext, useContext } from 'react';
import type { SignInReason } from './session';

/**
 * The three kinds of sign-out. `user`: the session ended, the account stays on the device's list (user logout, a
 * failed refresh). `deviceUser`: one account signed out and forgotten on this device. `device`: every account
 * signed out and forgotten.
 */
export type SignOutEvent =
  | { kind: 'user'; userIndex: number; reason?: SignInReason }
  | { kind: 'deviceUser'; userIndex: number; remaining: AccountEntry[] }
  | { kind: 'device' };

/**
 * What features report after a sign-in or sign-out; the app decides where to go, which cached data to drop and
 * tells the other tabs (app/session/session-coordinator.ts). Features never navigate after a sign-out themselves.
 */
export interface SessionEvents {
  signedIn: (userIndex: number) => void;
  signedOut: (event: SignOutEvent) => Promise<void>;
  /**
   * A sign-out made elsewhere that this tab learnt from the server (the live event stream): the same rules as
   * `signedOut`, but no other tab is told (each hears it from its own stream) and the accounts that remain on the
   * device are asked from the server.
   */
  signedOutElsewhere: (event: SignOutEvent) => Promise<void>;
}

export const SessionEventsContext = createContext<SessionEvents | null>(null);

export function useSessionEvents(): SessionEvents {
  const events = useContext(SessionEventsContext);
  if (!events) throw new Error('useSessionEvents must be used inside SessionEventsContext');
  return events;
}
