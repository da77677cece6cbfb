import type {
  LoginResponse,
  LoginStepResponse,
  SecondFactorRequired,
  TwoFactorMethod,
} from '@webmail/contracts';
import { appHref } from '../../../shared/routing/app-paths';
import { userHomePath } from '../../../shared/session/session';

/** What the second-factor pages receive from the password page (router state; a reload starts again). */
export interface PendingSignInState {
  pending: SecondFactorRequired['secondFactor'];
  email: string;
}

export const isSignedIn = (response: LoginStepResponse): response is LoginResponse => 'userIndex' in response;

/** The page of a second-factor method. */
export const secondFactorPath = (method: TwoFactorMethod) =>
  appHref(method === 'totp' ? 'AuthTotp' : 'AuthWebauthn', {});

/**
 * Where a successful password step continues: the mailbox, or — when the account has two-factor sign-in — the
 * page of its first method (a passkey where there is one: one touch instead of typing a code); the other method is
 * offered there.
 */
export function pathAfterPasswordSignIn(response: LoginStepResponse): string {
  if (isSignedIn(response)) return userHomePath(response.userIndex);
  const { methods } = response.secondFactor;
  return secondFactorPath(methods.includes('webauthn') ? 'webauthn' : 'totp');
}

/** The router state a second-factor page reads; null when it is missing or malformed (a reload, a bookmark). */
export function pendingSignInOf(state: unknown): PendingSignInState | null {
  const value = state as Partial<PendingSignInState> | null;
  if (!value?.pending?.id || !Array.isArray(value.pending.methods) || typeof value.email !== 'string')
    return null;
  return value as PendingSignInState;
}
