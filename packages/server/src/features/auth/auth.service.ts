import type { FastifyBaseLogger } from 'fastify';
import { type AccountEntry, type LoggedInUser } from '@webmail/contracts';
import type { Config } from '../../infra/config.js';
import { encrypt, randomToken, safeEqual, sha256 } from '../../infra/crypto.js';
import { unauthorized } from '../../infra/errors.js';
import { cookieNames } from '@webmail/contracts';
import type { SessionAuthenticator } from '../../infra/session/session-authenticator.js';
import { parseRefreshToken } from '../../infra/session/access-tokens.js';
import type { SessionContext } from '../../infra/session/session-context.js';
import { newDeviceId, readDeviceId } from '../../infra/session/session-cookies.js';
import type { SessionEndReason, SessionLifecycle } from '../../infra/session/session-lifecycle.js';
import type { SessionRow, SessionsRepository } from '../../infra/session/sessions.repository.js';
import type { MailSignIn, VerifiedSignIn } from '../../mail/mail-sign-in.js';
import { defaultName } from './default-name.js';
import { holdsSession } from './held-session.js';
import {
  accountEntries,
  type AvatarVersions,
  issueTokens,
  lowestFreeIndex,
  newSessionRow,
  toLoggedInUser,
} from './session-issue.js';
import type { SecondFactorGate } from './second-factor-gate.js';
import type { DeviceAccountRow, DeviceAccountsRepository } from './device-accounts.repository.js';
import type { UsersRepository } from './users.repository.js';

/** The second step of sign-in, as the security feature implements it (its only door into auth's types). */
export type {
  PendingSignIn,
  RelyingParty,
  SecondFactorGate,
  SecondFactorPassed,
} from './second-factor-gate.js';

export type { AvatarVersions } from './session-issue.js';

type Cookies = Record<string, string | undefined>;

/**
 * Sign-in, token refresh and the accounts of a device. The password is checked by the mail server (an IMAP LOGIN
 * through `MailSignIn`, whose connection becomes the session's first); the session ends through the session
 * lifecycle, whose listeners close what belongs to it.
 */
export class AuthService {
  constructor(
    private readonly config: Pick<Config, 'sessionSecret' | 'sessionTtlMs' | 'accessTokenTtlMs'>,
    private readonly sessions: SessionsRepository,
    private readonly deviceAccounts: DeviceAccountsRepository,
    private readonly users: UsersRepository,
    private readonly signIn: MailSignIn,
    private readonly authenticator: SessionAuthenticator,
    private readonly lifecycle: SessionLifecycle,
    private readonly log: FastifyBaseLogger,
    private readonly secondFactor: Pick<SecondFactorGate, 'methodsOf'>,
    private readonly avatarVersions: AvatarVersions,
  ) {}

  /** Whether sessions keep the password (sealed) for later mail logins: not with delegated mail access. */
  get keepsPassword(): boolean {
    return this.signIn.keepsPassword;
  }

  /** Checks the password with the mail server (an IMAP LOGIN); the connection may become the session's. */
  verifyPassword(email: string, password: string): Promise<VerifiedSignIn> {
    return this.signIn.verify(email.trim().toLowerCase(), password);
  }

  /**
   * Starts the session of a checked password, keeping the mail server's connection (when there is one: after a
   * second factor the first request logs in again) as the session's persistent one. An account this device already
   * remembers gets its old slot back; a new one takes the lowest free slot.
   */
  async startSession(
    emailInput: string,
    password: string,
    deviceId: string,
    client: { ip: string; userAgent: string },
    verified?: VerifiedSignIn,
  ) {
    const email = emailInput.trim().toLowerCase();
    try {
      const now = Date.now();
      const user = await this.users.ensure(email, defaultName(email), now);
      const remembered = await this.deviceAccounts.list(deviceId);
      const same = remembered.find((a) => a.email === email);
      if (same?.session_id) await this.revokeSession(same.session_id, email, 'replaced');
      const userIndex = same?.user_index ?? lowestFreeIndex(remembered);
      const key = randomToken(32);
      const refreshSecret = randomToken(32);
      // Delegated mail access keeps no password ('' = none): it was checked by the mail server and is forgotten.
      const sealed = this.signIn.keepsPassword ? encrypt(key, password) : '';
      const session = newSessionRow(
        { deviceId, userIndex, email, sealed, refreshSecret, client, now },
        this.config,
      );
      await this.sessions.insert(session);
      await this.deviceAccounts.save({
        device_id: deviceId,
        user_index: userIndex,
        email,
        session_id: session.id,
        added_at: same?.added_at ?? now,
      });
      verified?.keepFor(session.id);
      this.lifecycle.emit('started', {
        session: { id: session.id, email, userIndex, deviceId, key },
      });
      const tokens = issueTokens(this.config, session, key, refreshSecret, now);
      const methods = await this.secondFactor.methodsOf(email);
      return { userIndex, sessionId: session.id, tokens, user: toLoggedInUser(session, user.name, methods) };
    } catch (err) {
      await verified?.discard();
      throw err;
    }
  }

  /** Rotates the refresh token. A token that was already used revokes the whole session (reuse detection). */
  async refresh(cookies: Cookies, userIndex: number) {
    const now = Date.now();
    const parsed = parseRefreshToken(cookies[cookieNames.refreshToken(userIndex)]);
    const key = cookies[cookieNames.sessionKey(userIndex)];
    if (!parsed || !key) throw unauthorized('Session expired');
    const row = await this.sessions.findActive(parsed.sessionId, now);
    if (!row || row.user_index !== userIndex || row.device_id !== this.deviceOf(cookies)) {
      throw unauthorized('Session expired');
    }
    const presented = sha256(parsed.secret);
    if (!safeEqual(presented, row.refresh_hash)) {
      this.log.warn({ userIndex }, 'refresh token reuse detected; session revoked');
      await this.endSession(row.device_id, row.user_index, row.id, row.email, 'revoked');
      throw unauthorized('Session expired');
    }
    // Everything that may fail is read before the rotation: a failure after it would leave the browser with the old
    // token, whose next use then reads as reuse and ends the session.
    const name = await this.nameOf(row.email);
    const methods = await this.secondFactor.methodsOf(row.email);
    const nextSecret = randomToken(32);
    if (!(await this.sessions.rotateRefresh(row.id, presented, sha256(nextSecret), now))) {
      throw unauthorized('Session expired');
    }
    return {
      tokens: issueTokens(this.config, row, key, nextSecret, now),
      user: toLoggedInUser(row, name, methods),
    };
  }

  /** The id of the request's signed device cookie (see session-cookies), or undefined. */
  deviceOf(cookies: Cookies): string | undefined {
    return readDeviceId(this.config.sessionSecret, cookies);
  }

  /**
   * The device id a sign-in uses: the presented one only while that device remembers an account. A device
   * that remembers none gets a fresh id, so an id planted in the browser before sign-in (fixation) never
   * comes to name the victim's accounts.
   */
  async deviceForSignIn(presented: string | undefined): Promise<string> {
    if (presented && (await this.deviceAccounts.list(presented)).length > 0) return presented;
    return newDeviceId();
  }

  /** Whether this device has signed in to the account before (its own failures are then its own). */
  async hasSignedInBefore(deviceId: string | undefined, email: string): Promise<boolean> {
    return deviceId ? this.sessions.existsFor(deviceId, email.trim().toLowerCase()) : false;
  }

  /**
   * Whether the request holds a live session of this device in any slot: its access token, or its refresh token
   * (an idle tab's access token expires after minutes; the refresh token still proves the session).
   */
  async hasSessionOn(cookies: Cookies, deviceId: string | undefined): Promise<boolean> {
    if (!deviceId) return false;
    for (const row of await this.deviceAccounts.list(deviceId)) {
      if (row.session_id && (await this.holds(cookies, deviceId, row.user_index))) return true;
    }
    return false;
  }

  private holds(cookies: Cookies, deviceId: string, userIndex: number): Promise<boolean> {
    return holdsSession(this.authenticator, this.sessions, { cookies, deviceId, userIndex });
  }

  async me(session: SessionContext): Promise<LoggedInUser> {
    const name = await this.nameOf(session.email);
    return {
      id: session.email,
      email: session.email,
      name,
      twoFactor: await this.secondFactor.methodsOf(session.email),
    };
  }

  /** The account's display name (a readable one made from the address until the user sets one). */
  async nameOf(email: string): Promise<string> {
    return (await this.users.find(email))?.name ?? defaultName(email);
  }

  /** Sets the account's display name. */
  async rename(email: string, name: string): Promise<void> {
    await this.users.rename(email, name);
  }

  /** Every account this device remembers, signed in or not (the expiry cookie tells the client which). */
  async accounts(deviceId: string | undefined): Promise<AccountEntry[]> {
    if (!deviceId) return [];
    return accountEntries(await this.deviceAccounts.list(deviceId), this.users, this.avatarVersions);
  }

  /** User logout: the session ends; the device still lists the account for the user-select page. */
  async logout(session: SessionContext): Promise<void> {
    await this.endSession(session.deviceId, session.userIndex, session.id, session.email, 'logout');
  }

  /**
   * Device-user logout: the account's session ends and the device forgets it. Returns who remains. Ending a
   * session takes a live session of this device: the device cookie alone only forgets signed-out accounts.
   */
  async removeDeviceUser(cookies: Cookies, userIndex: number): Promise<AccountEntry[]> {
    const deviceId = this.deviceOf(cookies);
    if (!deviceId) return [];
    const row = await this.deviceAccounts.find(deviceId, userIndex);
    if (row && (await this.isLive(row)) && !(await this.hasSessionOn(cookies, deviceId)))
      throw unauthorized();
    if (row?.session_id) await this.revokeSession(row.session_id, row.email, 'deviceUser');
    if (row) await this.deviceAccounts.remove(deviceId, userIndex);
    return this.accounts(deviceId);
  }

  /**
   * Device logout: the device's accounts signed out and forgotten. Returns the freed slots. With a live session
   * of this device among the request's cookies every account goes; with the device cookie alone (which signs
   * nobody in) only the signed-out ones are forgotten, and no session ends. Also returns the sessions it ended.
   */
  async forgetDevice(cookies: Cookies): Promise<{ freed: number[]; endedSessions: string[] }> {
    const deviceId = this.deviceOf(cookies);
    if (!deviceId) return { freed: [], endedSessions: [] };
    const rows = await this.deviceAccounts.list(deviceId);
    const mayEnd = await this.hasSessionOn(cookies, deviceId);
    const freed: number[] = [];
    const endedSessions: string[] = [];
    for (const row of rows) {
      if (!mayEnd && (await this.isLive(row))) continue;
      if (row.session_id) {
        await this.revokeSession(row.session_id, row.email, 'device');
        endedSessions.push(row.session_id);
      }
      await this.deviceAccounts.remove(deviceId, row.user_index);
      freed.push(row.user_index);
    }
    return { freed, endedSessions };
  }

  /** The sessions of this device's accounts (live or not). */
  async sessionsOnDevice(cookies: Cookies): Promise<string[]> {
    const deviceId = this.deviceOf(cookies);
    if (!deviceId) return [];
    const rows = await this.deviceAccounts.list(deviceId);
    return rows.flatMap((row) => (row.session_id ? [row.session_id] : []));
  }

  /** The live session of a slot that this request holds (its cookies prove it), else undefined. */
  async liveSessionIn(cookies: Cookies, userIndex: number): Promise<string | undefined> {
    const deviceId = this.deviceOf(cookies);
    if (!deviceId) return undefined;
    const row = await this.deviceAccounts.find(deviceId, userIndex);
    if (!row?.session_id || !(await this.holds(cookies, deviceId, userIndex))) return undefined;
    return row.session_id;
  }

  private async isLive(row: DeviceAccountRow): Promise<boolean> {
    return !!row.session_id && !!(await this.sessions.findActive(row.session_id, Date.now()));
  }

  /** The account's live sessions on every device (the security page lists them). */
  sessionsOf(email: string): Promise<SessionRow[]> {
    return this.sessions.listActiveByEmail(email, Date.now());
  }

  /** Signs one of the account's sessions out; its next call is refused. False when it is not the account's. */
  async revokeAccountSession(email: string, sessionId: string): Promise<boolean> {
    const row = await this.sessions.findActive(sessionId, Date.now());
    if (!row || row.email !== email) return false;
    await this.endSession(row.device_id, row.user_index, row.id, row.email, 'revoked');
    return true;
  }

  /** Ends one session, whoever's it is (the identity provider's back-channel logout). False when not live. */
  async endSessionById(sessionId: string): Promise<boolean> {
    const row = await this.sessions.findActive(sessionId, Date.now());
    if (!row) return false;
    await this.endSession(row.device_id, row.user_index, row.id, row.email, 'revoked');
    return true;
  }

  /** Ends every session of the account but `keepSessionId` (after a password change). */
  async endOtherSessions(email: string, keepSessionId: string): Promise<number> {
    const rows = await this.sessionsOf(email);
    for (const row of rows) {
      if (row.id !== keepSessionId)
        await this.endSession(row.device_id, row.user_index, row.id, row.email, 'revoked');
    }
    return rows.filter((r) => r.id !== keepSessionId).length;
  }

  /** Seals the session's new IMAP password with its own key (the cookie's). */
  async resealPassword(session: SessionContext, password: string): Promise<void> {
    await this.sessions.reseal(session.id, this.signIn.keepsPassword ? encrypt(session.key, password) : '');
  }

  private async endSession(
    deviceId: string,
    userIndex: number,
    sessionId: string,
    email: string,
    reason: SessionEndReason,
  ): Promise<void> {
    await this.revokeSession(sessionId, email, reason);
    const row = await this.deviceAccounts.find(deviceId, userIndex);
    if (row?.session_id === sessionId) await this.deviceAccounts.setSession(deviceId, userIndex, null);
  }

  private async revokeSession(sessionId: string, email: string, reason: SessionEndReason): Promise<void> {
    await this.sessions.revoke(sessionId, Date.now());
    this.lifecycle.emit('ended', { sessionId, email, reason });
  }
}
