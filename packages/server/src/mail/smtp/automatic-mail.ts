import type { MailLogin } from '../mail-access.js';
import { buildMessage } from '../mime/build-message.js';
import { submitMessage, type SmtpServer } from './smtp-submit.js';

export interface AutomaticMail {
  /** The signed-in account: the sender, and the login at the submission door. */
  account: string;
  name: string;
  /** The account's login at the submission door. */
  login: MailLogin;
  to: string;
  subject: string;
  text: string;
}

/**
 * A plain-text mail the webmail writes on the user's behalf (an outgoing-address verification, feedback for the
 * operator): it goes out as the account itself through the mail server's submission door like any mail the user
 * sends — no system sender to configure, and the recipient sees who it is from and can reply. Marked
 * `Auto-Submitted: auto-generated` (no auto-replies to it); not filed in Sent.
 */
export async function sendAutomaticMail(server: SmtpServer, mail: AutomaticMail): Promise<void> {
  const raw = await buildMessage(
    {
      from: { name: mail.name, address: mail.account },
      to: [{ name: '', address: mail.to }],
      cc: [],
      bcc: [],
      subject: mail.subject,
      html: null,
      text: mail.text,
      messageId: `<${crypto.randomUUID()}@${mail.account.split('@')[1] ?? 'localhost'}>`,
      date: new Date(),
      inReplyTo: null,
      references: [],
      attachments: [],
      headers: { 'Auto-Submitted': 'auto-generated' },
    },
    { keepBcc: false },
  );
  await submitMessage(server, mail.login, { from: mail.account, to: [mail.to] }, raw);
}
