import type { LoginResponse } from '@webmail/contracts';
import { userHomePath } from '../../../shared/session/session';

/**
 * Where a successful password sign-in continues. The hook point for two-factor sign-in: `user.twoFactor` lists
 * the second factors the account has (always empty until two-factor sign-in exists), and then such users go on to
 * /login/2fa/{method} from here. Nothing pretends to ask for a code before then.
 */
export function pathAfterPasswordSignIn(response: LoginResponse): string {
  return userHomePath(response.userIndex);
}
