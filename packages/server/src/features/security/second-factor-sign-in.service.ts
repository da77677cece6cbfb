import type { WebauthnAuthenticationResponse, WebauthnRequestOptions } from '@webmail/contracts';
import { decrypt, encrypt, hmac, randomToken, sha256 } from '../../infra/crypto.js';
import { refusal } from '../../infra/errors.js';
import type {
  PendingSignIn,
  RelyingParty,
  SecondFactorGate,
  SecondFactorPassed,
} from '../auth/auth.service.js';
import type { PasskeysService } from './passkeys.service.js';
import type { PendingSignInRow, SignInChecksRepository } from './sign-in-checks.repository.js';
import type { TwoFactorService } from './two-factor.service.js';

const expired = () => refusal('Unauthorized', 401, 'signInExpired', 'The sign-in has expired; start again');

/**
 * Pending sign-ins: the password step leaves one (no session, no session cookies), the second step finishes it.
 * The browser gets a random id; the database keeps only its hash and the password sealed with a key made from
 * the id and a server key, so neither a database dump nor the server alone opens it. A pending sign-in lives a few
 * minutes, belongs to the device that gave the password, and is used once.
 */
export class SecondFactorSignIn implements SecondFactorGate {
  constructor(
    private readonly checks: SignInChecksRepository,
    private readonly twoFactor: TwoFactorService,
    private readonly passkeys: PasskeysService,
    private readonly options: { serverKey: string; lifetimeMs: number },
  ) {}

  methodsOf(email: string) {
    return this.twoFactor.methodsOf(email);
  }

  async begin(input: {
    email: string;
    password: string;
    deviceId: string;
    knownDevice: boolean;
  }): Promise<PendingSignIn> {
    const id = randomToken(24);
    const now = Date.now();
    const expiresAt = now + this.options.lifetimeMs;
    await this.checks.insertPending({
      id_hash: sha256(id),
      account: input.email,
      device_id: input.deviceId,
      known_device: input.knownDevice ? 1 : 0,
      password_sealed: encrypt(this.keyOf(id), input.password),
      webauthn_challenge: null,
      created_at: now,
      expires_at: expiresAt,
    });
    return { id, methods: await this.methodsOf(input.email), expiresAt };
  }

  async accountOf(id: string, deviceId: string): Promise<{ email: string; knownDevice: boolean }> {
    const row = await this.pending(id, deviceId);
    return { email: row.account, knownDevice: Number(row.known_device) === 1 };
  }

  async finishWithCode(id: string, code: string, deviceId: string): Promise<SecondFactorPassed> {
    const row = await this.pending(id, deviceId);
    const method = await this.twoFactor.checkCode(row.account, code);
    return this.finish(id, row, method);
  }

  async passkeyOptions(id: string, deviceId: string, rp: RelyingParty): Promise<WebauthnRequestOptions> {
    const row = await this.pending(id, deviceId);
    const { options, challenge } = await this.passkeys.authenticationOptions(row.account, rp);
    await this.checks.setPendingChallenge(row.id_hash, challenge);
    return options;
  }

  async finishWithPasskey(
    id: string,
    response: WebauthnAuthenticationResponse,
    deviceId: string,
    rp: RelyingParty,
  ): Promise<SecondFactorPassed> {
    const row = await this.pending(id, deviceId);
    if (!row.webauthn_challenge) throw expired();
    // The challenge is spent whatever the outcome; a retry asks for new options.
    await this.checks.setPendingChallenge(row.id_hash, '');
    await this.passkeys.verifyAuthentication(row.account, response, row.webauthn_challenge, rp);
    return this.finish(id, row, 'webauthn');
  }

  /** Purges expired pending sign-ins and stale per-session checks. */
  prune(now = Date.now()): Promise<void> {
    return this.checks.deleteExpired(now);
  }

  private async finish(
    id: string,
    row: PendingSignInRow,
    method: SecondFactorPassed['method'],
  ): Promise<SecondFactorPassed> {
    // Used once: of two racing finishes only the one that deletes the row goes on.
    if (!(await this.checks.deletePending(row.id_hash))) throw expired();
    return { email: row.account, password: decrypt(this.keyOf(id), row.password_sealed), method };
  }

  private async pending(id: string, deviceId: string): Promise<PendingSignInRow> {
    const row = await this.checks.findPending(sha256(id), Date.now());
    if (!row || row.device_id !== deviceId) throw expired();
    return row;
  }

  private keyOf(id: string): string {
    // 32 bytes (base64url): an AES-256 key.
    return hmac(this.options.serverKey, `pending sign-in ${id}`);
  }
}
