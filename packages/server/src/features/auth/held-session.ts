import { cookieNames } from '@webmail/contracts';
import { safeEqual, sha256 } from '../../infra/crypto.js';
import { parseRefreshToken } from '../../infra/session/access-tokens.js';
import type { SessionAuthenticator } from '../../infra/session/session-authenticator.js';
import type { SessionsRepository } from '../../infra/session/sessions.repository.js';

type Cookies = Record<string, string | undefined>;

/**
 * Whether the request's cookies hold the live session of this device's slot: its access token, or its refresh
 * token (an idle tab's access token expires after minutes; the refresh token still proves the session).
 */
export async function holdsSession(
  authenticator: SessionAuthenticator,
  sessions: SessionsRepository,
  { cookies, deviceId, userIndex }: { cookies: Cookies; deviceId: string; userIndex: number },
): Promise<boolean> {
  const byAccess = await authenticator.authenticate(cookies, userIndex).then(
    () => true,
    () => false,
  );
  if (byAccess) return true;
  const parsed = parseRefreshToken(cookies[cookieNames.refreshToken(userIndex)]);
  if (!parsed || !cookies[cookieNames.sessionKey(userIndex)]) return false;
  const row = await sessions.findActive(parsed.sessionId, Date.now());
  return (
    !!row &&
    row.device_id === deviceId &&
    row.user_index === userIndex &&
    safeEqual(sha256(parsed.secret), row.refresh_hash)
  );
}
