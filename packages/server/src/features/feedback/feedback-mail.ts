import type { MailLogin } from '../../mail/mail-access.js';
import { sendAutomaticMail } from '../../mail/smtp/automatic-mail.js';
import type { SmtpServer } from '../../mail/smtp/smtp-submit.js';

export interface FeedbackMail {
  account: string;
  name: string;
  login: MailLogin;
  to: string;
  stars: number;
  feedback: string;
  userAgent: string;
  version: string;
  id: string;
}

/** Feedback for the operator, from the user (`sendAutomaticMail`: the operator can simply reply). In English. */
export async function sendFeedbackMail(server: SmtpServer, mail: FeedbackMail): Promise<void> {
  const stars = '★'.repeat(mail.stars) + '☆'.repeat(5 - mail.stars);
  await sendAutomaticMail(server, {
    account: mail.account,
    name: mail.name,
    login: mail.login,
    to: mail.to,
    subject: `Webmail feedback ${stars} (${mail.stars}/5) from ${mail.account}`,
    text: `${mail.feedback}\n\n-- \nStars: ${mail.stars}/5\nAccount: ${mail.account}\nApp version: ${mail.version}\nBrowser: ${mail.userAgent}\nFeedback id: ${mail.id}\n`,
  });
}
