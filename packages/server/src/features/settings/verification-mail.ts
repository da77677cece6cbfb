import type { MailLogin } from '../../mail/mail-access.js';
import type { Language } from '@webmail/contracts';
import { sendAutomaticMail } from '../../mail/smtp/automatic-mail.js';
import type { SmtpServer } from '../../mail/smtp/smtp-submit.js';

const texts: Record<Language, { subject: string; body: (v: Vars) => string }> = {
  en: {
    subject: 'Confirm your outgoing address',
    body: (v) =>
      `${v.account} wants to send mail as ${v.address}.\n\nOpen this link to confirm it:\n${v.link}\n\nOr type this code on the Outgoing addresses page: ${v.code}\n\nThe link and the code work for 24 hours. If you did not ask for this, ignore this mail.\n`,
  },
  fi: {
    subject: 'Vahvista lähtevä osoitteesi',
    body: (v) =>
      `${v.account} haluaa lähettää postia osoitteesta ${v.address}.\n\nVahvista avaamalla tämä linkki:\n${v.link}\n\nTai kirjoita tämä koodi Lähtevät osoitteet -sivulle: ${v.code}\n\nLinkki ja koodi ovat voimassa 24 tuntia. Jos et pyytänyt tätä, voit jättää viestin huomiotta.\n`,
  },
  et: {
    subject: 'Kinnitage oma väljuv aadress',
    body: (v) =>
      `${v.account} soovib saata kirju aadressilt ${v.address}.\n\nKinnitamiseks avage see link:\n${v.link}\n\nVõi sisestage see kood lehel Väljuvad aadressid: ${v.code}\n\nLink ja kood kehtivad 24 tundi. Kui te seda ei palunud, jätke kiri tähelepanuta.\n`,
  },
  ru: {
    subject: 'Подтвердите исходящий адрес',
    body: (v) =>
      `${v.account} хочет отправлять почту с адреса ${v.address}.\n\nЧтобы подтвердить, откройте ссылку:\n${v.link}\n\nИли введите этот код на странице «Исходящие адреса»: ${v.code}\n\nСсылка и код действуют 24 часа. Если вы этого не запрашивали, просто проигнорируйте письмо.\n`,
  },
};

interface Vars {
  account: string;
  address: string;
  link: string;
  code: string;
}

export interface VerificationMail extends Vars {
  name: string;
  language: Language;
  login: MailLogin;
}

/** The verification mail: plain text, the link and the code are all it carries (`sendAutomaticMail`). */
export async function sendVerificationMail(server: SmtpServer, mail: VerificationMail): Promise<void> {
  const text = texts[mail.language];
  await sendAutomaticMail(server, {
    account: mail.account,
    name: mail.name,
    login: mail.login,
    to: mail.address,
    subject: text.subject,
    text: text.body(mail),
  });
}
