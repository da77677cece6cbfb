import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow } from 'imapflow';
import { connectImap, type ImapServer } from './imap/imap-connect.js';
import type { MailLogin } from './mail-access.js';

/** Opens authenticated IMAP connections to the configured mail server. */
export class MailConnector {
  constructor(
    private readonly server: ImapServer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A wrong password throws `AuthFailed` (401), an unreachable server `MailServerUnavailable` (503). */
  connect(auth: MailLogin, options: { qresync?: boolean } = {}): Promise<ImapFlow> {
    return connectImap(this.server, auth, this.log, options);
  }

  /**
   * With an access token: when the server refuses it (revoked, or expired early at the provider), once more with
   * the token `renew` gives (a refresh).
   */
  async connectRenewing(auth: MailLogin, renew: () => Promise<MailLogin | null>): Promise<ImapFlow> {
    try {
      return await this.connect(auth);
    } catch (err) {
      if ((err as { code?: string }).code !== 'AuthFailed') throw err;
      const renewed = await renew();
      if (!renewed) throw err;
      return this.connect(renewed);
    }
  }
}
