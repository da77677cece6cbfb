import type { FastifyBaseLogger } from 'fastify';
import type { MailConnector } from '../../mail/mail-connector.js';
import { MailConnection } from '../../mail/mail-session.js';
import { specialFolderPath } from './draft-folder.js';
import type { OutboxCredentials } from './outbox-credentials.js';
import type { OutboxRow } from './outbox.repository.js';

/** The Sent copy is looked for among the messages of these last days (INTERNALDATE; a crash is recent). */
const lookBackMs = 2 * 86_400_000;

/**
 * Evidence after a crash mid-submission. SMTP has no idempotent retry: once the final "." of DATA may have
 * reached the server, only the mail itself can tell whether it was taken. Every message of a draft carries the
 * same fixed Message-ID, so the question is "is a message with this Message-ID in the account's Sent folder?"
 * — true where the mail server files sent mail itself (SMTP_SAVES_SENT) and the submission went through.
 * Recipients' mailboxes are not searched: they may be anywhere, and the webmail has no business in them.
 */
export class OutboxRecovery {
  constructor(
    private readonly credentials: OutboxCredentials,
    private readonly connector: MailConnector,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** true when Sent holds the entry's message; false when it does not or nobody can look (then: not known). */
  async inSent(row: OutboxRow): Promise<boolean> {
    const login = this.credentials.loginFor(row.account, row.credentials_sealed);
    if (!login) return false;
    try {
      const connection = MailConnection.of(await this.connector.connect(login));
      try {
        const path = await specialFolderPath(connection, '\\Sent');
        return await connection.inPath(
          path,
          async (folder) => {
            const uids = await folder.search({ since: new Date(Date.now() - lookBackMs) });
            if (uids.length === 0) return false;
            // Read to the end (leaving imapflow's fetch early would leave the command running).
            let found = false;
            for await (const message of folder.fetch(uids, { envelope: true }))
              found ||= message.envelope?.messageId === row.message_id;
            return found;
          },
          { readOnly: true },
        );
      } finally {
        await connection.logout();
      }
    } catch (err) {
      this.log.warn({ err: { message: (err as Error).message }, outbox: row.id }, 'could not look in Sent');
      return false;
    }
  }
}
