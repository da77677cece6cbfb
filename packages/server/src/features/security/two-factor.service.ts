import { type TwoFactorMethod, type TwoFactorStatus, type TotpSetup } from '@webmail/contracts';
import { decrypt, encrypt } from '../../infra/crypto.js';
import { refusal, validationError } from '../../infra/errors.js';
import type { SessionContext } from '../../infra/session/session-context.js';
import type { MailCredentials } from './mail-credentials.js';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpStep, totpUri } from './one-time-codes.js';
import type { Actor } from './security-context.js';
import type { SecurityEventsService } from './security-events.service.js';
import type { SignInChecksRepository } from './sign-in-checks.repository.js';
import type { TwoFactorRepository } from './two-factor.repository.js';

export interface TwoFactorKeys {
  /** Seals TOTP secrets (a server key: sign-in must open them without any cookie). */
  totp: string;
  /** Keys the recovery-code hashes. */
  recovery: string;
}

const wrongCode = () => refusal('AuthFailed', 401, 'wrongCode', 'The code is not valid');

/**
 * Two-factor sign-in: TOTP (set up, enabled with a first code, disabled), the ten one-time recovery codes, the
 * check of a code at sign-in or re-authentication, and the recent re-authentication every change needs. When the
 * account's factors change, the mail server learns whether its account password still opens outside clients.
 */
export class TwoFactorService {
  constructor(
    private readonly repo: TwoFactorRepository,
    private readonly checks: SignInChecksRepository,
    private readonly credentials: MailCredentials | null,
    private readonly events: SecurityEventsService,
    private readonly keys: TwoFactorKeys,
    private readonly options: { issuer: string; reauthMs: number },
  ) {}

  async methodsOf(email: string): Promise<TwoFactorMethod[]> {
    const [totp, passkeys] = await Promise.all([this.repo.findTotp(email), this.repo.listPasskeys(email)]);
    const methods: TwoFactorMethod[] = [];
    if (totp?.enabled_at) methods.push('totp');
    if (passkeys.length > 0) methods.push('webauthn');
    return methods;
  }

  async status(session: SessionContext): Promise<TwoFactorStatus> {
    const email = session.email;
    const [totp, passkeys, left, checks] = await Promise.all([
      this.repo.findTotp(email),
      this.repo.listPasskeys(email),
      this.repo.recoveryCodesLeft(email),
      this.checks.findChecks(session.id),
    ]);
    const until = checks && checks.reauthenticated_until > Date.now() ? checks.reauthenticated_until : null;
    const enabledAt = totp?.enabled_at ?? null;
    return {
      methods: [...(enabledAt ? ['totp' as const] : []), ...(passkeys.length ? ['webauthn' as const] : [])],
      totp: { enabled: enabledAt !== null, enabledAt },
      webauthn: passkeys.map((p) => ({
        id: p.id,
        name: p.name,
        createdAt: Number(p.created_at),
        lastUsedAt: p.last_used_at === null ? null : Number(p.last_used_at),
      })),
      recoveryCodesLeft: left,
      reauthenticatedUntil: until,
    };
  }

  /** Refuses with 403 `reauthenticationRequired` unless the session re-authenticated within the last minutes. */
  async requireRecentCheck(session: SessionContext): Promise<void> {
    const checks = await this.checks.findChecks(session.id);
    if (!checks || checks.reauthenticated_until <= Date.now()) {
      throw refusal('Forbidden', 403, 'reauthenticationRequired', 'Confirm your password first');
    }
  }

  /**
   * Re-authentication: the password the session signed in with (compared with its sealed copy, constant time), or
   * a current second-factor code. A wrong one is 401 (`wrongPassword` / `wrongCode`).
   */
  async reauthenticate(
    session: SessionContext,
    input: { password?: string; code?: string },
    isPassword: (candidate: string) => Promise<boolean>,
  ): Promise<number> {
    if (input.password !== undefined) {
      if (!(await isPassword(input.password))) {
        throw refusal('AuthFailed', 401, 'wrongPassword', 'The password is not right');
      }
    } else {
      await this.checkCode(session.email, input.code ?? '');
    }
    const until = Date.now() + this.options.reauthMs;
    const current = await this.checks.findChecks(session.id);
    await this.checks.saveChecks({
      session_id: session.id,
      reauthenticated_until: until,
      registration_challenge: current?.registration_challenge ?? null,
      challenge_expires_at: current?.challenge_expires_at ?? null,
    });
    return until;
  }

  /**
   * Checks a code of the account: six digits → TOTP (±1 step, each step once), else a recovery code (each once).
   * Throws 401 `wrongCode` / `codeAlreadyUsed`.
   */
  async checkCode(email: string, code: string): Promise<'totp' | 'recovery'> {
    const trimmed = code.trim().replace(/\s/g, '');
    if (/^[0-9]{6}$/.test(trimmed)) {
      const totp = await this.repo.findTotp(email);
      if (!totp?.enabled_at) throw wrongCode();
      const step = totpStep(this.secretOf(totp.secret_sealed), trimmed);
      if (step === null) throw wrongCode();
      if (!(await this.repo.useTotpStep(email, step))) {
        throw refusal(
          'AuthFailed',
          401,
          'codeAlreadyUsed',
          'This code was used already; wait for the next one',
        );
      }
      return 'totp';
    }
    if (
      !(await this.repo.useRecoveryCode(email, recoveryCodeHash(this.keys.recovery, trimmed), Date.now()))
    ) {
      throw wrongCode();
    }
    return 'recovery';
  }

  /** A new secret (not active until a code confirms it). */
  async setUpTotp(actor: Actor): Promise<TotpSetup> {
    await this.requireRecentCheck(actor.session);
    const email = actor.session.email;
    const existing = await this.repo.findTotp(email);
    if (existing?.enabled_at) {
      throw refusal(
        'Forbidden',
        403,
        'totpNotSetUp',
        'Turn the authenticator app off before setting it up again',
      );
    }
    const secret = newTotpSecret();
    await this.repo.saveTotpSecret(email, encrypt(this.keys.totp, secret), Date.now());
    return { secret, uri: totpUri(secret, email, this.options.issuer) };
  }

  /** Enables TOTP with a first valid code; answers ten new recovery codes (shown once). */
  async enableTotp(actor: Actor, code: string): Promise<string[]> {
    await this.requireRecentCheck(actor.session);
    const email = actor.session.email;
    const totp = await this.repo.findTotp(email);
    if (!totp || totp.enabled_at)
      throw refusal('Forbidden', 403, 'totpNotSetUp', 'Set up the authenticator first');
    const step = totpStep(this.secretOf(totp.secret_sealed), code);
    if (step === null) {
      throw validationError({ code: [{ code: 'wrongCode', message: 'The code is not valid' }] }, 'wrongCode');
    }
    await this.repo.enableTotp(email, step, Date.now());
    const codes = await this.newRecoveryCodes(email);
    await this.factorsChanged(actor, 'twoFactorEnabled');
    return codes;
  }

  async disableTotp(actor: Actor): Promise<void> {
    await this.requireRecentCheck(actor.session);
    await this.repo.deleteTotp(actor.session.email);
    await this.factorsChanged(actor, 'twoFactorDisabled');
  }

  async regenerateRecoveryCodes(actor: Actor): Promise<string[]> {
    await this.requireRecentCheck(actor.session);
    if ((await this.methodsOf(actor.session.email)).length === 0) {
      throw refusal('Forbidden', 403, 'totpNotSetUp', 'Two-factor sign-in is off');
    }
    const codes = await this.newRecoveryCodes(actor.session.email);
    await this.log(actor, 'recoveryCodesRegenerated');
    return codes;
  }

  /** Ten new codes, replacing the old ones; their hashes only are kept. */
  async newRecoveryCodes(email: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    await this.repo.replaceRecoveryCodes(
      email,
      codes.map((c) => recoveryCodeHash(this.keys.recovery, c)),
      Date.now(),
    );
    return codes;
  }

  /**
   * After a factor was added or removed: the mail server refuses the account password to outside clients while
   * any factor is on (and takes it again when none is), recovery codes go when the last factor goes, and the log
   * says what happened.
   */
  async factorsChanged(
    actor: Actor,
    type: 'twoFactorEnabled' | 'twoFactorDisabled' | 'passkeyAdded' | 'passkeyRemoved',
  ) {
    const email = actor.session.email;
    const on = (await this.methodsOf(email)).length > 0;
    await this.credentials?.setWebmailOnly(email, on);
    if (!on) await this.repo.replaceRecoveryCodes(email, [], Date.now());
    await this.log(actor, type);
  }

  private log(actor: Actor, type: Parameters<SecurityEventsService['record']>[0]['type']) {
    return this.events.record({ account: actor.session.email, type, protocol: 'web', ...actor.client });
  }

  private secretOf(sealed: string): string {
    return decrypt(this.keys.totp, sealed);
  }
}
