import type { AccountEntry, LoggedInUser } from '@webmail/contracts';
import type { Config } from '../../infra/config.js';
import { randomToken, sha256 } from '../../infra/crypto.js';
import { AppError } from '../../infra/errors.js';
import { signAccessToken } from '../../infra/session/access-tokens.js';
import type { IssuedTokens } from '../../infra/session/session-cookies.js';
import type { SessionRow } from '../../infra/session/sessions.repository.js';
import { defaultName } from './default-name.js';
import type { DeviceAccountRow } from './device-accounts.repository.js';
import type { UsersRepository } from './users.repository.js';

/** The pieces `AuthService` builds a session and its answers from: rows, tokens, slots, account entries. */

/** The version (ETag) of each account's avatar that has one; the settings feature keeps the images. */
export type AvatarVersions = (emails: string[]) => Promise<Map<string, string>>;

const maxUserIndex = 31;

type TokenConfig = Pick<Config, 'sessionSecret' | 'sessionTtlMs' | 'accessTokenTtlMs'>;

/** A new session's row: its refresh secret kept only as a hash, the client's address and agent cut to size. */
export function newSessionRow(
  s: {
    deviceId: string;
    userIndex: number;
    email: string;
    /** The sealed password, or '' when sessions keep none. */
    sealed: string;
    refreshSecret: string;
    client: { ip: string; userAgent: string };
    now: number;
  },
  config: TokenConfig,
): SessionRow {
  return {
    id: randomToken(18),
    device_id: s.deviceId,
    user_index: s.userIndex,
    email: s.email,
    password_sealed: s.sealed,
    refresh_hash: sha256(s.refreshSecret),
    created_at: s.now,
    last_used_at: s.now,
    expires_at: s.now + config.sessionTtlMs,
    revoked_at: null,
    ip: s.client.ip.slice(0, 64),
    user_agent: s.client.userAgent.slice(0, 512),
  };
}

/** The session's cookies: an access token that ends with the session at the latest, and the refresh token. */
export function issueTokens(
  config: TokenConfig,
  row: SessionRow,
  key: string,
  refreshSecret: string,
  now: number,
): IssuedTokens {
  const accessExpiresAt = Math.min(now + config.accessTokenTtlMs, row.expires_at);
  return {
    accessToken: signAccessToken(config.sessionSecret, row.id, accessExpiresAt),
    accessExpiresAt,
    refreshToken: `${row.id}.${refreshSecret}`,
    sessionKey: key,
    sessionExpiresAt: row.expires_at,
  };
}

/** The device's remembered accounts as the account menu lists them, with each avatar's versioned address. */
export async function accountEntries(
  rows: DeviceAccountRow[],
  users: UsersRepository,
  avatarVersions: AvatarVersions,
): Promise<AccountEntry[]> {
  const emails = rows.map((r) => r.email);
  const [names, avatars] = await Promise.all([users.findMany(emails), avatarVersions(emails)]);
  return rows.map((r) => {
    const version = avatars.get(r.email);
    return {
      uid: r.user_index,
      email: r.email,
      name: names.get(r.email) ?? defaultName(r.email),
      // The image's address with its version: a new avatar is a new URL (cached until it changes).
      avatar: version ? `/api/u/${r.user_index}/details/avatar?v=${encodeURIComponent(version)}` : null,
    };
  });
}

export function toLoggedInUser(
  row: SessionRow,
  name: string,
  twoFactor: LoggedInUser['twoFactor'],
): LoggedInUser {
  return { id: row.email, email: row.email, name, twoFactor };
}

/** The lowest slot (`userIndex`) the device does not use; a device holds at most 32 accounts. */
export function lowestFreeIndex(remembered: DeviceAccountRow[]): number {
  const used = new Set(remembered.map((a) => a.user_index));
  for (let i = 0; i <= maxUserIndex; i += 1) if (!used.has(i)) return i;
  throw new AppError(
    'Forbidden',
    403,
    'Too many accounts are signed in on this device',
    undefined,
    undefined,
    {
      reason: 'tooManyAccounts',
    },
  );
}
