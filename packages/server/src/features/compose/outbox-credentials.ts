import { hkdfSync } from 'node:crypto';
import { decrypt, encrypt } from '../../infra/crypto.js';
import type { MailAccess, MailLogin } from '../../mail/mail-access.js';
import type { MailSession } from '../../mail/mail-session.js';

/**
 * Seals the user's password for a delayed send with a key only the server holds (derived from
 * SESSION_SECRET, which every server process shares). The session's own key lives only in the user's
 * cookie, so a send that leaves after the request — seconds later, or after a restart — needs this.
 * The sealed password sits in the outbox row only until the send is finished, failed or cancelled.
 * See ARCHITECTURE.md (Compose) for the trade-off. With delegated mail access nothing is kept: the send goes out
 * through the webmail's delegated login for the account.
 */
/** Marks a sealed access token (a password cannot hold NUL: SASL PLAIN separates its fields with it). */
const bearerMark = '\0bearer\0';

export class OutboxCredentials {
  private readonly key: string;

  constructor(
    sessionSecret: string,
    private readonly access: MailAccess,
  ) {
    const derived = hkdfSync('sha256', sessionSecret, 'webmail', 'outbox credentials v1', 32);
    this.key = Buffer.from(derived).toString('base64url');
  }

  /**
   * What the outbox row keeps for the send: the session's access token (single sign-on with token pass-through;
   * not for a scheduled send, which goes through the delegated door when it leaves), the sealed password, or an
   * empty seal (delegated access).
   */
  async sealFor(mail: MailSession, options: { scheduled?: boolean } = {}): Promise<string> {
    const token = options.scheduled ? null : await mail.login();
    if (token?.accessToken) return encrypt(this.key, bearerMark + token.accessToken);
    return encrypt(this.key, this.access.keepsPassword ? await mail.password() : '');
  }

  /** The login for a queued send of `account`; null when it cannot be made (the seal does not open). */
  loginFor(account: string, sealed: string | null): MailLogin | null {
    if (!sealed) return null;
    const opened = this.unseal(sealed);
    if (opened?.startsWith(bearerMark)) {
      return { user: account, pass: '', accessToken: opened.slice(bearerMark.length) };
    }
    if (!this.access.keepsPassword) return this.access.onBehalfOf(account);
    const pass = opened;
    return pass ? { user: account, pass } : null;
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
