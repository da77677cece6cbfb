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
}
