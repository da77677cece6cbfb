import { cookieNames, UserIndex } from '@webmail/contracts';
import { readCookie } from './cookies';

/** Why the app sent the user to the sign-in page; shown there as an explanation (query `reason`). */
export type SignInReason = 'missingExpiryCookie' | 'apiRequestUnauthorized';

/** The route's `:userIndex` as a number, or `null` when it is not a valid user index (spec §2 session rule). */
export function parseUserIndex(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  const parsed = UserIndex.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Spec §2 session rule: a session is active only when the user index is a number and that user's
 * JS-readable token-expiry cookie exists. The cookie's value (expiry epoch ms) is not checked here:
 * an expired access token is renewed by the server-side refresh, which the cookie outlives.
 */
export function hasActiveSession(userIndex: number | null): userIndex is number {
  return userIndex !== null && readCookie(cookieNames.tokenExpiry(userIndex)) !== null;
}

export function signInPath(reason?: SignInReason): string {
  return reason ? `/login/password?reason=${reason}` : '/login/password';
}
