import { buildMessage } from '../../mail/mime/build-message.js';
import { submitMessage, type SmtpServer } from '../../mail/smtp/smtp-submit.js';

export interface FeedbackMail {
  account: string;
  name: string;
  password: string;
  to: string;
  stars: number;
  feedback: string;
  userAgent: string;
  version: string;
  id: string;
}

/**
 * Feedback for the operator goes out as the user, through the mail server's submission door like any mail the user
 * sends (as the outgoing-address verification does): no system sender to configure, and the operator can simply
 * reply. Plain text, in English (it is for the operator); not filed in Sent.
 */
export async function sendFeedbackMail(server: SmtpServer, mail: FeedbackMail): Promise<void> {
  const stars = '★'.repeat(mail.stars) + '☆'.repeat(5 - mail.stars);
  const raw = await buildMessage(
    {
      from: { name: mail.name, address: mail.account },
      to: [{ name: '', address: mail.to }],
      cc: [],
      bcc: [],
      subject: `Webmail feedback ${stars} (${mail.stars}/5) from ${mail.account}`,
      html: null,
      text: `${mail.feedback}\n\n-- \nStars: ${mail.stars}/5\nAccount: ${mail.account}\nApp version: ${mail.version}\nBrowser: ${mail.userAgent}\nFeedback id: ${mail.id}\n`,
      messageId: `<${crypto.randomUUID()}@${mail.account.split('@')[1] ?? 'localhost'}>`,
      date: new Date(),
      inReplyTo: null,
      references: [],
      attachments: [],
      headers: { 'Auto-Submitted': 'auto-generated' },
    },
    { keepBcc: false },
  );
  await submitMessage(
    server,
    { user: mail.account, pass: mail.password },
    { from: mail.account, to: [mail.to] },
    raw,
  );
}
