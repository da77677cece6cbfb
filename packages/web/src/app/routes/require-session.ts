import { redirect, type LoaderFunctionArgs } from 'react-router';
import {
  hasActiveSession,
  parseUserIndex,
  rememberSessionSeen,
  signInPath,
} from '../../shared/session/session';

/**
 * Loader of every route under /u/:userIndex (the session rule: the index is a number and its expiry cookie exists). It runs on each navigation
 * (`shouldRevalidate: () => true` on the route), so a sign-out in another tab is noticed at the next click.
 */
export function requireSession({ params }: LoaderFunctionArgs): { userIndex: number } {
  const userIndex = parseUserIndex(params.userIndex);
  if (!hasActiveSession(userIndex)) throw redirect(signInPath('missingExpiryCookie'));
  rememberSessionSeen();
  return { userIndex };
}
