import { cookieNames, UserIndex } from '@webmail/contracts';
import { appHref, isWithin, paramsWithin } from '../routing/app-paths';
import { readCookie } from './cookies';

/** Why the app sent the user to a sign-in page; shown there as an explanation (query `reason`). */
export type SignInReason = 'missingExpiryCookie' | 'apiRequestUnauthorized';
const signInReasons: readonly string[] = [
  'missingExpiryCookie',
  'apiRequestUnauthorized',
] satisfies SignInReason[];

/** A `reason` query value the app knows, else undefined. */
export function parseSignInReason(value: string | null): SignInReason | undefined {
  return value !== null && signInReasons.includes(value) ? (value as SignInReason) : undefined;
}

/** The route's `:userIndex` as a number, or `null` when it is not a valid user index (0–31). */
export function parseUserIndex(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  const parsed = UserIndex.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The session rule: a session is active only when the user index is a number and that user's
 * JS-readable token-expiry cookie exists. The cookie's value (expiry epoch ms) is not checked here:
 * an expired access token is renewed by the server-side refresh, which the cookie outlives.
 */
export function hasActiveSession(userIndex: number | null): userIndex is number {
  return userIndex !== null && readCookie(cookieNames.tokenExpiry(userIndex)) !== null;
}

/** The user index of a signed-in page's path (`/u/{i}/…`), or null elsewhere. */
export function userIndexOfPath(pathname: string): number | null {
  const params = paramsWithin('BaseLayout', pathname);
  return params ? parseUserIndex(params.userIndex) : null;
}

export function isSignInPath(pathname: string): boolean {
  return isWithin('AuthLayout', pathname);
}

/** The password sign-in (route AuthLoginPassword), optionally with the e-mail prefilled. */
export function signInPath(reason?: SignInReason, email?: string): string {
  return appHref('AuthLoginPassword', {}, { reason, email });
}

/** The user-select page (route AuthLoginUserSelect), optionally highlighting one account. */
export function userSelectPath(reason?: SignInReason, uid?: number): string {
  return appHref('AuthLoginUserSelect', {}, { reason, uid });
}

/** The base layout of one account (route BaseLayout). */
export function userHomePath(userIndex: number): string {
  return appHref('BaseLayout', { userIndex });
}

/** Set once a session was seen on this device (also read by the drawn sign-in page's check). */
export const sessionSeenKey = 'webmail.sessionSeen';

/**
 * Marks this browser as one where someone was signed in, so that a missing session later reads as a session that
 * ended, while a first visit is greeted without it. Storage may be unavailable (private mode): then nothing is said.
 */
export function rememberSessionSeen(): void {
  try {
    window.localStorage.setItem(sessionSeenKey, '1');
  } catch {
    // No storage: the notice stays off, which is the first visit's wording anyway.
  }
}

/** Whether someone was signed in on this browser before (see `rememberSessionSeen`). */
export function sessionSeenBefore(): boolean {
  try {
    return window.localStorage.getItem(sessionSeenKey) !== null;
  } catch {
    return false;
  }
}
