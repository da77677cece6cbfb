import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow } from 'imapflow';
import { cookieNames, type AccountEntry, type LoggedInUser } from '@webmail/contracts';
import type { Config } from '../../infra/config.js';
import { decrypt, encrypt, randomToken, safeEqual, sha256 } from '../../infra/crypto.js';
import { AppError, unauthorized } from '../../infra/errors.js';
import { connectImap } from '../../mail/imap/imap-connect.js';
import type { ImapPool } from '../../mail/imap/imap-pool.js';
import { newDeviceId, readDeviceId, type IssuedTokens } from './auth-cookies.js';
import { parseRefreshToken, signAccessToken, verifyAccessToken } from './auth-tokens.js';
import type { DeviceAccountRow, DeviceAccountsRepository } from './device-accounts.repository.js';
import type { SessionRow, SessionsRepository } from './sessions.repository.js';
import type { UsersRepository } from './users.repository.js';

const maxUserIndex = 31;

/** A signed-in account as a request sees it. `key` unseals the IMAP password; it exists only in the cookie. */
export interface SessionContext {
  id: string;
  email: string;
  userIndex: number;
  deviceId: string;
  key: string;
}

type Cookies = Record<string, string | undefined>;

export class AuthService {
  constructor(
    private readonly config: Config,
    private readonly sessions: SessionsRepository,
    private readonly deviceAccounts: DeviceAccountsRepository,
    private readonly users: UsersRepository,
    private readonly imapPool: ImapPool,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Verifies the password with IMAP LOGIN and keeps that connection as the session's persistent one.
   * An account this device already remembers gets its old slot back; a new one takes the lowest free slot.
   */
  async login(emailInput: string, password: string, deviceId: string) {
    const email = emailInput.trim().toLowerCase();
    const client = await connectImap(this.imapServer(), { user: email, pass: password }, this.log);
    try {
      const now = Date.now();
      const user = await this.users.ensure(email, defaultName(email), now);
      const remembered = await this.deviceAccounts.list(deviceId);
      const same = remembered.find((a) => a.email === email);
      if (same?.session_id) await this.revokeSession(same.session_id);
      const userIndex = same?.user_index ?? lowestFreeIndex(remembered);
      const key = randomToken(32);
      const refreshSecret = randomToken(32);
      const session: SessionRow = {
        id: randomToken(18),
        device_id: deviceId,
        user_index: userIndex,
        email,
        password_sealed: encrypt(key, password),
        refresh_hash: sha256(refreshSecret),
        created_at: now,
        last_used_at: now,
        expires_at: now + this.config.sessionTtlMs,
        revoked_at: null,
      };
      await this.sessions.insert(session);
      await this.deviceAccounts.save({
        device_id: deviceId,
        user_index: userIndex,
        email,
        session_id: session.id,
        added_at: same?.added_at ?? now,
      });
      this.imapPool.adopt(session.id, client);
      const tokens = this.issue(session, key, refreshSecret, now);
      return { userIndex, tokens, user: toLoggedInUser(session, user.name) };
    } catch (err) {
      await client.logout().catch(() => client.close());
      throw err;
    }
  }

  /** Resolves the session of `userIndex` from this request's cookies, or throws 401. */
  async authenticate(cookies: Cookies, userIndex: number): Promise<SessionContext> {
    const now = Date.now();
    const token = verifyAccessToken(
      this.config.sessionSecret,
      cookies[cookieNames.accessToken(userIndex)],
      now,
    );
    const key = cookies[cookieNames.sessionKey(userIndex)];
    const deviceId = this.deviceOf(cookies);
    if (!token || !key || !deviceId) throw unauthorized();
    const row = await this.sessions.findActive(token.sessionId, now);
    if (!row || row.user_index !== userIndex || row.device_id !== deviceId) throw unauthorized();
    return { id: row.id, email: row.email, userIndex, deviceId, key };
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
      await this.endSession(row.device_id, row.user_index, row.id);
      throw unauthorized('Session expired');
    }
    const nextSecret = randomToken(32);
    if (!(await this.sessions.rotateRefresh(row.id, presented, sha256(nextSecret), now))) {
      throw unauthorized('Session expired');
    }
    const name = (await this.users.find(row.email))?.name ?? defaultName(row.email);
    return { tokens: this.issue(row, key, nextSecret, now), user: toLoggedInUser(row, name) };
  }

  /** The id of the request's signed device cookie (see auth-cookies), or undefined. */
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

  /** Whether the request holds a live session of this device in any slot (needed to sign them all out). */
  async hasSessionOn(cookies: Cookies, deviceId: string | undefined): Promise<boolean> {
    if (!deviceId) return false;
    for (const row of await this.deviceAccounts.list(deviceId)) {
      if (!row.session_id) continue;
      const ok = await this.authenticate(cookies, row.user_index).then(
        () => true,
        () => false,
      );
      if (ok) return true;
    }
    return false;
  }

  async me(session: SessionContext): Promise<LoggedInUser> {
    const name = (await this.users.find(session.email))?.name ?? defaultName(session.email);
    return { id: session.email, email: session.email, name, twoFactor: [] };
  }

  /** Every account this device remembers, signed in or not (the expiry cookie tells the client which). */
  async accounts(deviceId: string | undefined): Promise<AccountEntry[]> {
    if (!deviceId) return [];
    return this.toEntries(await this.deviceAccounts.list(deviceId));
  }

  /** User logout: the session ends; the device still lists the account for the user-select page. */
  async logout(session: SessionContext): Promise<void> {
    await this.endSession(session.deviceId, session.userIndex, session.id);
  }

  /** Device-user logout: the account's session ends and the device forgets it. Returns who remains. */
  async removeDeviceUser(deviceId: string | undefined, userIndex: number): Promise<AccountEntry[]> {
    if (!deviceId) return [];
    const row = await this.deviceAccounts.find(deviceId, userIndex);
    if (row?.session_id) await this.revokeSession(row.session_id);
    if (row) await this.deviceAccounts.remove(deviceId, userIndex);
    return this.accounts(deviceId);
  }

  /** Device logout: every account of this device signed out and forgotten. Returns the freed slots. */
  async forgetDevice(deviceId: string | undefined): Promise<number[]> {
    if (!deviceId) return [];
    const rows = await this.deviceAccounts.list(deviceId);
    for (const row of rows) if (row.session_id) await this.revokeSession(row.session_id);
    await this.deviceAccounts.removeAll(deviceId);
    return rows.map((r) => r.user_index);
  }

  /** The session's persistent IMAP connection; reconnects with the sealed password when it dropped. */
  imap(session: SessionContext): Promise<ImapFlow> {
    return this.imapPool.acquire(session.id, async () => {
      const row = await this.sessions.findActive(session.id, Date.now());
      if (!row) throw unauthorized();
      let pass: string;
      try {
        pass = decrypt(session.key, row.password_sealed);
      } catch {
        throw unauthorized('Session key does not match');
      }
      return connectImap(this.imapServer(), { user: row.email, pass }, this.log);
    });
  }

  private async endSession(deviceId: string, userIndex: number, sessionId: string): Promise<void> {
    await this.revokeSession(sessionId);
    const row = await this.deviceAccounts.find(deviceId, userIndex);
    if (row?.session_id === sessionId) await this.deviceAccounts.setSession(deviceId, userIndex, null);
  }

  private async revokeSession(sessionId: string): Promise<void> {
    await this.sessions.revoke(sessionId, Date.now());
    await this.imapPool.release(sessionId);
  }

  private async toEntries(rows: DeviceAccountRow[]): Promise<AccountEntry[]> {
    const names = await this.users.findMany(rows.map((r) => r.email));
    return rows.map((r) => ({
      uid: r.user_index,
      email: r.email,
      name: names.get(r.email) ?? defaultName(r.email),
      avatar: null,
    }));
  }

  private issue(row: SessionRow, key: string, refreshSecret: string, now: number): IssuedTokens {
    const accessExpiresAt = Math.min(now + this.config.accessTokenTtlMs, row.expires_at);
    return {
      accessToken: signAccessToken(this.config.sessionSecret, row.id, accessExpiresAt),
      accessExpiresAt,
      refreshToken: `${row.id}.${refreshSecret}`,
      sessionKey: key,
      sessionExpiresAt: row.expires_at,
    };
  }

  private imapServer() {
    return { ...this.config.imap, tlsRejectUnauthorized: this.config.tlsRejectUnauthorized };
  }
}

function toLoggedInUser(row: SessionRow, name: string): LoggedInUser {
  return { id: row.email, email: row.email, name, twoFactor: [] };
}

function lowestFreeIndex(remembered: DeviceAccountRow[]): number {
  const used = new Set(remembered.map((a) => a.user_index));
  for (let i = 0; i <= maxUserIndex; i += 1) if (!used.has(i)) return i;
  throw new AppError('Forbidden', 403, 'Too many accounts are signed in on this device');
}

/** "john.doe@x" → "John Doe": a readable name until the user sets one. */
export function defaultName(email: string): string {
  const local = email.split('@')[0] ?? email;
  return local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
