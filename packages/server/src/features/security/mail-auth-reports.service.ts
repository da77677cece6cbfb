import type { MailAuthReport, SecurityProtocol } from '@webmail/contracts';
import type { AppPasswordsService } from './app-passwords.service.js';
import type { SecurityEventsService } from './security-events.service.js';

/** Dovecot's service names → the log's protocols (Postfix's SMTP AUTH is `smtp`, Dovecot's own `submission`). */
const protocols: Record<string, SecurityProtocol> = {
  imap: 'imap',
  pop3: 'pop3',
  smtp: 'smtp',
  submission: 'smtp',
};

/**
 * The mail server's reports of each authentication (Dovecot's auth policy, report only): the uses of
 * application passwords (last use, log), sign-ins and failures of outside clients by protocol. The webmail's own
 * logins (its IMAP door's port, the `webmail` SASL service) are left out: the webmail logs its sign-ins itself.
 */
export class MailAuthReportsService {
  constructor(
    private readonly appPasswords: AppPasswordsService,
    private readonly events: SecurityEventsService,
    private readonly webmailImapPort: number,
  ) {}

  async report(input: MailAuthReport): Promise<void> {
    const protocol = protocols[input.protocol];
    if (!protocol) return;
    if (protocol === 'imap' && input.local_port === String(this.webmailImapPort)) return;
    const account = input.login.trim().toLowerCase();
    if (!account) return;
    const ip = input.remote;
    if (input.success && input.app_password) {
      await this.appPasswords.noteUse(account, input.app_password, { ip, protocol });
      return;
    }
    await this.events.record({
      account,
      type: input.success ? 'signIn' : 'signInFailed',
      ip,
      userAgent: '',
      protocol,
    });
  }
}
