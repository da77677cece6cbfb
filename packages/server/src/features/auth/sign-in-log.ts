/** One sign-in attempt, for the security log. */
export interface SignInAttempt {
  account: string;
  type:
    | 'signIn'
    | 'signInOidc'
    | 'signInOidcEnded'
    | 'signInFailed'
    | 'twoFactorChecked'
    | 'twoFactorFailed'
    | 'recoveryCodeUsed';
  ip: string;
  userAgent: string;
  protocol: 'web';
}

/**
 * Where sign-in attempts are written. The security feature implements it (its log); auth only knows this
 * interface, so auth, below security in the feature graph, never imports it.
 */
export interface SignInLog {
  record(attempt: SignInAttempt): Promise<void>;
}
