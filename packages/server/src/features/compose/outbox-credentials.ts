import { hkdfSync } from 'node:crypto';
import { decrypt, encrypt } from '../../infra/crypto.js';

/**
 * Seals the user's password for a delayed send with a key only the server holds (derived from
 * SESSION_SECRET, which every server process shares). The session's own key lives only in the user's
 * cookie, so a send that leaves after the request — seconds later, or after a restart — needs this.
 * The sealed password sits in the outbox row only until the send is finished, failed or cancelled.
 * See ARCHITECTURE.md (Compose) for the trade-off.
 */
export class OutboxCredentials {
  private readonly key: string;

  constructor(sessionSecret: string) {
    const derived = hkdfSync('sha256', sessionSecret, 'webmail', 'outbox credentials v1', 32);
    this.key = Buffer.from(derived).toString('base64url');
  }

  seal(password: string): string {
    return encrypt(this.key, password);
  }

  /** null when the sealed value does not open (SESSION_SECRET changed since the send was queued). */
  unseal(sealed: string | null): string | null {
    if (!sealed) return null;
    try {
      return decrypt(this.key, sealed);
    } catch {
      return null;
    }
  }
}
