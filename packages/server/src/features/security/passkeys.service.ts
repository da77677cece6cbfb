import { createHash } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type {
  WebauthnAuthenticationResponse,
  WebauthnCreationOptions,
  WebauthnCredential,
  WebauthnRegistrationResponse,
  WebauthnRequestOptions,
} from '@webmail/contracts';
import { randomToken } from '../../infra/crypto.js';
import { notFound, refusal } from '../../infra/errors.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { RelyingParty } from '../auth/auth.service.js';
import type { Actor } from './security-context.js';
import type { SignInChecksRepository } from './sign-in-checks.repository.js';
import type { PasskeyRow, TwoFactorRepository } from './two-factor.repository.js';
import type { TwoFactorService } from './two-factor.service.js';

const challengeMs = 5 * 60_000;
const rejected = (message: string) => refusal('AuthFailed', 401, 'passkeyRejected', message);

export const toCredential = (p: PasskeyRow): WebauthnCredential => ({
  id: p.id,
  name: p.name,
  createdAt: Number(p.created_at),
  lastUsedAt: p.last_used_at === null ? null : Number(p.last_used_at),
});

/**
 * Passkeys (WebAuthn, SimpleWebAuthn): registration with a name (its challenge kept per session for five
 * minutes), rename, removal, and the sign-in ceremony, which only ever looks at the signing-in account's own
 * credentials — another account's passkey never signs anyone in.
 */
export class PasskeysService {
  constructor(
    private readonly repo: TwoFactorRepository,
    private readonly checks: SignInChecksRepository,
    private readonly twoFactor: TwoFactorService,
    private readonly publish: PublishEvent,
    private readonly rpName: string,
  ) {}

  async registrationOptions(actor: Actor, rp: RelyingParty): Promise<WebauthnCreationOptions> {
    await this.twoFactor.requireRecentCheck(actor.session);
    const email = actor.session.email;
    const existing = await this.repo.listPasskeys(email);
    const options = await generateRegistrationOptions({
      rpName: this.rpName,
      rpID: rp.rpId,
      userName: email,
      // A stable handle that is not the address itself.
      userID: createHash('sha256').update(`webmail user ${email}`).digest(),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: splitTransports(p) })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    const checks = await this.checks.findChecks(actor.session.id);
    await this.checks.saveChecks({
      session_id: actor.session.id,
      reauthenticated_until: checks?.reauthenticated_until ?? 0,
      registration_challenge: options.challenge,
      challenge_expires_at: Date.now() + challengeMs,
    });
    return options;
  }

  /** Registers the passkey; the first factor of the account also gets new recovery codes. */
  async register(
    actor: Actor,
    name: string,
    response: WebauthnRegistrationResponse,
    rp: RelyingParty,
  ): Promise<{ credential: WebauthnCredential; recoveryCodes: string[] | null }> {
    await this.twoFactor.requireRecentCheck(actor.session);
    const checks = await this.checks.findChecks(actor.session.id);
    const challenge = checks?.registration_challenge;
    if (!challenge || (checks.challenge_expires_at ?? 0) <= Date.now())
      throw rejected('The passkey request expired');
    // A challenge is used once, whatever the outcome.
    await this.checks.saveChecks({ ...checks, registration_challenge: null, challenge_expires_at: null });
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      requireUserVerification: false,
    }).catch(() => ({ verified: false as const }));
    if (!verification.verified) throw rejected('The passkey could not be verified');
    const { credential } = verification.registrationInfo;
    const email = actor.session.email;
    const hadFactors = (await this.twoFactor.methodsOf(email)).length > 0;
    const row: PasskeyRow = {
      id: randomToken(12),
      account: email,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(','),
      name,
      created_at: Date.now(),
      last_used_at: null,
    };
    await this.repo.insertPasskey(row).catch(() => {
      throw rejected('This passkey is registered already');
    });
    const recoveryCodes = hadFactors ? null : await this.twoFactor.newRecoveryCodes(email);
    await this.twoFactor.factorsChanged(actor, 'passkeyAdded');
    this.publish(email, { command: 'webauthnAdded', id: row.id });
    return { credential: toCredential(row), recoveryCodes };
  }

  async rename(email: string, id: string, name: string): Promise<WebauthnCredential> {
    const row = await this.repo.renamePasskey(email, id, name);
    if (!row) throw notFound('Passkey', 'passkeyNotFound');
    this.publish(email, { command: 'webauthnAdded', id });
    return toCredential(row);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.twoFactor.requireRecentCheck(actor.session);
    const email = actor.session.email;
    if (!(await this.repo.removePasskey(email, id))) throw notFound('Passkey', 'passkeyNotFound');
    await this.twoFactor.factorsChanged(actor, 'passkeyRemoved');
    this.publish(email, { command: 'webauthnRemoved', id });
  }

  /** Request options listing the account's passkeys, and the challenge to keep with the pending sign-in. */
  async authenticationOptions(
    email: string,
    rp: RelyingParty,
  ): Promise<{ options: WebauthnRequestOptions; challenge: string }> {
    const passkeys = await this.repo.listPasskeys(email);
    if (passkeys.length === 0) throw rejected('The account has no passkey');
    const options = await generateAuthenticationOptions({
      rpID: rp.rpId,
      allowCredentials: passkeys.map((p) => ({ id: p.credential_id, transports: splitTransports(p) })),
      userVerification: 'preferred',
    });
    return { options, challenge: options.challenge };
  }

  /** Verifies a sign-in assertion against the account's own passkey; throws 401 `passkeyRejected`. */
  async verifyAuthentication(
    email: string,
    response: WebauthnAuthenticationResponse,
    challenge: string,
    rp: RelyingParty,
  ): Promise<void> {
    const passkey = await this.repo.findPasskey(email, response.id);
    if (!passkey) throw rejected('This passkey does not belong to the account');
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      credential: {
        id: passkey.credential_id,
        publicKey: Buffer.from(passkey.public_key, 'base64url'),
        counter: Number(passkey.counter),
        transports: splitTransports(passkey) as never,
      },
      requireUserVerification: false,
    }).catch(() => null);
    if (!verification?.verified) throw rejected('The passkey could not be verified');
    await this.repo.notePasskeyUse(passkey.id, verification.authenticationInfo.newCounter, Date.now());
  }
}

function splitTransports(p: PasskeyRow) {
  return p.transports ? (p.transports.split(',') as never[]) : undefined;
}
