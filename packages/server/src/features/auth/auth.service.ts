import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow } from 'imapflow';
import { cookieNames, type AccountEntry, type LoggedInUser } from '@webmail/contracts';
import type { Config } from '../../infra/config.js';
import { decrypt, encrypt, randomToken, safeEqual, sha256 } from '../../infra/crypto.js';
import { AppError, unauthorized } from '../../infra/errors.js';
import { connectImap } from '../../mail/imap/imap-connect.js';
import type { ImapPool } from '../../mail/imap/imap-pool.js';
import type { IssuedTokens } from './auth-cookies.js';
import { parseRefreshToken, signAccessToken, verifyAccessToken } from './auth-tokens.js';
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
    private readonly users: UsersRepository,
    private readonly imapPool: ImapPool,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Verifies the password with IMAP LOGIN and keeps that connection as the session's persistent one. */
  async login(emailInput: string, password: string, deviceId: string) {
    const email = emailInput.trim().toLowerCase();
    const client = await connectImap(this.imapServer(), { user: email, pass: password }, this.log);
    try {
      const now = Date.now();
      const user = await this.users.ensure(email, defaultName(email), now);
      const active = await this.sessions.listActiveForDevice(deviceId, now);
      const same = active.find((s) => s.email === email);
      if (same) await this.revoke(same);
      const userIndex = same?.user_index ?? lowestFreeIndex(active);
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
    const deviceId = cookies[cookieNames.device];
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
    if (!row || row.user_index !== userIndex || row.device_id !== cookies[cookieNames.device]) {
      throw unauthorized('Session expired');
    }
    const presented = sha256(parsed.secret);
    if (!safeEqual(presented, row.refresh_hash)) {
      this.log.warn({ sessionId: row.id }, 'refresh token reuse detected; session revoked');
      await this.revoke(row);
      throw unauthorized('Session expired');
    }
    const nextSecret = randomToken(32);
    if (!(await this.sessions.rotateRefresh(row.id, presented, sha256(nextSecret), now))) {
      throw unauthorized('Session expired');
    }
    const name = (await this.users.find(row.email))?.name ?? defaultName(row.email);
    return { tokens: this.issue(row, key, nextSecret, now), user: toLoggedInUser(row, name) };
  }

  async me(session: SessionContext): Promise<LoggedInUser> {
    const name = (await this.users.find(session.email))?.name ?? defaultName(session.email);
    return { id: session.email, email: session.email, name, twoFactor: [] };
  }

  async accounts(deviceId: string | undefined): Promise<AccountEntry[]> {
    if (!deviceId) return [];
    const rows = await this.sessions.listActiveForDevice(deviceId, Date.now());
    const names = await this.users.findMany(rows.map((r) => r.email));
    return rows.map((r) => ({
      uid: r.user_index,
      email: r.email,
      name: names.get(r.email) ?? defaultName(r.email),
      avatar: null,
    }));
  }

  async logout(session: SessionContext): Promise<void> {
    const row = await this.sessions.findById(session.id);
    if (row) await this.revoke(row);
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

  private async revoke(row: SessionRow): Promise<void> {
    await this.sessions.revoke(row.id, Date.now());
    await this.imapPool.release(row.id);
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

function lowestFreeIndex(active: SessionRow[]): number {
  const used = new Set(active.map((s) => s.user_index));
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
