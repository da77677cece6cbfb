import { passwordLimits, type AccountSession, type PasswordSupport } from '@webmail/contracts';
import { sha256 } from '../../infra/crypto.js';
import { notFound, validationError } from '../../infra/errors.js';
import type { AuthService } from '../auth/auth.service.js';
import { deviceInfo } from './device-info.js';
import type { PasswordDriver } from './password-drivers.js';
import type { Actor } from './security-context.js';
import type { SecurityEventsService } from './security-events.service.js';
import type { SignInChecksRepository } from './sign-in-checks.repository.js';

/** A session's id as the account's session list names it (a hash: the list never hands out a real id). */
const publicIdOf = (sessionId: string) => sha256(`session ${sessionId}`).slice(0, 22);

/**
 * The account password and the account's sessions. A password change checks the current password against the
 * one this session signed in with, stores the new one through the configured driver, re-seals this session's copy
 * and ends every other session of the account (on every device; their streams get `logout`).
 */
export class AccountSecurityService {
  constructor(
    private readonly auth: AuthService,
    private readonly driver: PasswordDriver | null,
    private readonly checks: SignInChecksRepository,
    private readonly events: SecurityEventsService,
    /** Ends the account's open mail-server sessions (those opened with the old password among them). */
    private readonly endMailSessions: (email: string) => Promise<void> = async () => {},
  ) {}

  passwordSupport(): PasswordSupport {
    return { supported: this.driver !== null, minLength: passwordLimits.min };
  }

  async changePassword(
    actor: Actor,
    input: { currentPassword: string; newPassword: string },
    isPassword: (candidate: string) => Promise<boolean>,
  ): Promise<void> {
    if (!(await isPassword(input.currentPassword))) {
      throw validationError(
        { currentPassword: [{ code: 'wrongPassword', message: 'The current password is not right' }] },
        'wrongPassword',
      );
    }
    if (input.newPassword === input.currentPassword) {
      throw validationError({
        newPassword: [{ code: 'samePassword', message: 'The new password is the same as the current one' }],
      });
    }
    if (!this.driver) {
      throw validationError(
        { newPassword: [{ code: 'notAllowed', message: 'This server cannot change the password' }] },
        'passwordChangeUnsupported',
      );
    }
    const email = actor.session.email;
    await this.driver.change(email, input.newPassword);
    await this.auth.resealPassword(actor.session, input.newPassword);
    await this.auth.endOtherSessions(email, actor.session.id);
    await this.endMailSessions(email);
    // A sign-in waiting for its second factor holds the old password.
    await this.checks.deletePendingOf(email);
    await this.events.record({ account: email, type: 'passwordChanged', protocol: 'web', ...actor.client });
  }

  async sessions(actor: Actor): Promise<AccountSession[]> {
    const rows = await this.auth.sessionsOf(actor.session.email);
    return rows.map((row) => ({
      id: publicIdOf(row.id),
      current: row.id === actor.session.id,
      device: deviceInfo(row.user_agent),
      ip: row.ip ?? '',
      createdAt: Number(row.created_at),
      lastActiveAt: Number(row.last_used_at),
    }));
  }

  /**
   * Sign out everywhere else: every other session of the account ends (their streams get `logout`), and so do the
   * mail server's open sessions (mail apps log in again with their own credentials; whoever had only a session
   * is out).
   */
  async revokeOtherSessions(actor: Actor): Promise<void> {
    const email = actor.session.email;
    await this.auth.endOtherSessions(email, actor.session.id);
    await this.endMailSessions(email);
    await this.events.record({ account: email, type: 'sessionRevoked', protocol: 'web', ...actor.client });
  }

  async revokeSession(actor: Actor, publicId: string): Promise<void> {
    const rows = await this.auth.sessionsOf(actor.session.email);
    const row = rows.find((r) => publicIdOf(r.id) === publicId);
    if (!row || !(await this.auth.revokeAccountSession(actor.session.email, row.id))) {
      throw notFound('Session', 'sessionNotFound');
    }
    await this.events.record({
      account: actor.session.email,
      type: 'sessionRevoked',
      protocol: 'web',
      ...actor.client,
    });
  }
}
