import { decrypt } from '../../infra/crypto.js';
import { unauthorized } from '../../infra/errors.js';
import type { SessionContext } from '../auth/auth.service.js';
import type { SessionsRepository } from '../auth/sessions.repository.js';

/**
 * The signed-in user's IMAP password, unsealed with the key from their cookie (architecture §3) — for
 * SMTP AUTH as the user at send time. It is never kept beyond the request except sealed in the outbox.
 */
export async function sessionPassword(
  sessions: SessionsRepository,
  session: SessionContext,
): Promise<string> {
  const row = await sessions.findActive(session.id, Date.now());
  if (!row) throw unauthorized();
  try {
    return decrypt(session.key, row.password_sealed);
  } catch {
    throw unauthorized('Session key does not match');
  }
}
