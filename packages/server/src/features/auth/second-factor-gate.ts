import type {
  TwoFactorMethod,
  WebauthnAuthenticationResponse,
  WebauthnRequestOptions,
} from '@webmail/contracts';

/** A sign-in whose password was right and that waits for its second factor. */
export interface PendingSignIn {
  id: string;
  methods: TwoFactorMethod[];
  expiresAt: number;
}

/** What a finished pending sign-in hands back: the account and the password the session is sealed with. */
export interface SecondFactorPassed {
  email: string;
  password: string;
  /** `recovery` when a recovery code was used (the security log says so). */
  method: TwoFactorMethod | 'recovery';
}

export type { RelyingParty } from '../../infra/relying-party.js';
import type { RelyingParty } from '../../infra/relying-party.js';

/**
 * The second step of sign-in. The security feature implements it (TOTP, recovery codes, passkeys and the pending
 * sign-ins); auth, below security in the feature graph, knows only this interface and gets the implementation
 * from the composition root. Every method that takes a pending id checks it belongs to `deviceId`, the browser
 * that gave the password, and throws 401 `signInExpired` for one that is unknown, expired or another device's.
 */
export interface SecondFactorGate {
  /** The second factors the account has; empty = one step. */
  methodsOf(email: string): Promise<TwoFactorMethod[]>;
  /** `knownDevice`: the browser had a session of the account before (its failures then count for it alone). */
  begin(input: {
    email: string;
    password: string;
    deviceId: string;
    knownDevice: boolean;
  }): Promise<PendingSignIn>;
  /** Whose pending sign-in it is (throttling and the security log need it before the check). */
  accountOf(id: string, deviceId: string): Promise<{ email: string; knownDevice: boolean }>;
  /** Checks a TOTP or recovery code; a wrong one throws 401 `wrongCode` (or `codeAlreadyUsed`). */
  finishWithCode(id: string, code: string, deviceId: string): Promise<SecondFactorPassed>;
  passkeyOptions(id: string, deviceId: string, rp: RelyingParty): Promise<WebauthnRequestOptions>;
  finishWithPasskey(
    id: string,
    response: WebauthnAuthenticationResponse,
    deviceId: string,
    rp: RelyingParty,
  ): Promise<SecondFactorPassed>;
}
