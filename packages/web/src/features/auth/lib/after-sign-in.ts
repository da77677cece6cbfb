import type { LoginResponse } from '@webmail/contracts';
import { userHomePath } from '../../../shared/session/session';

/**
 * Where a successful password sign-in continues. The hook point for two-factor sign-in: `user.twoFactor` lists
 * the second factors the account has (always empty until the security issue), and that issue sends such users on
 * to /login/2fa/{method} here. Nothing pretends to ask for a code before then.
 */
export function pathAfterPasswordSignIn(response: LoginResponse): string {
  return userHomePath(response.userIndex);
}
