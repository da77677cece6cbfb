import { cookieNames } from '@webmail/contracts';
import type { Config } from '../config.js';
import { unauthorized } from '../errors.js';
import { verifyAccessToken } from './access-tokens.js';
import { readDeviceId } from './session-cookies.js';
import type { SessionContext } from './session-context.js';
import type { SessionsRepository } from './sessions.repository.js';

type Cookies = Record<string, string | undefined>;

/**
 * Who a request is: the session of one user index, from that index's own cookies only. Another index's cookies
 * never authorize a request, so `/u/1/…` without a session in slot 1 answers 401 even when slot 0 is signed in.
 */
export class SessionAuthenticator {
  constructor(
    private readonly config: Pick<Config, 'sessionSecret'>,
    private readonly sessions: SessionsRepository,
  ) {}

  /** Resolves the session of `userIndex` from this request's cookies, or throws 401. */
  async authenticate(cookies: Cookies, userIndex: number): Promise<SessionContext> {
    const now = Date.now();
    const token = verifyAccessToken(
      this.config.sessionSecret,
      cookies[cookieNames.accessToken(userIndex)],
      now,
    );
    const key = cookies[cookieNames.sessionKey(userIndex)];
    const deviceId = readDeviceId(this.config.sessionSecret, cookies);
    if (!token || !key || !deviceId) throw unauthorized();
    const row = await this.sessions.findActive(token.sessionId, now);
    if (!row || row.user_index !== userIndex || row.device_id !== deviceId) throw unauthorized();
    // "Last active" in the account's session list; one write a minute at most.
    if (now - row.last_used_at > 60_000) await this.sessions.touch(row.id, now);
    return { id: row.id, email: row.email, userIndex, deviceId, key };
  }
}
