import type { MailLogin } from '../../mail/mail-access.js';
import type { Language } from '@webmail/contracts';
import { sendAutomaticMail } from '../../mail/smtp/automatic-mail.js';
import type { SmtpServer } from '../../mail/smtp/smtp-submit.js';

/** Per language: the subject, the link paragraph (only with PUBLIC_URL), the code paragraph and the ending. */
const texts: Record<
  Language,
  { subject: string; intro: (v: Vars) => string; link: (link: string) => string; code: (v: Vars) => string }
> = {
  en: {
    subject: 'Confirm your outgoing address',
    intro: (v) => `${v.account} wants to send mail as ${v.address}.`,
    link: (link) => `Open this link to confirm it:\n${link}`,
    code: (v) =>
      `${v.link ? 'Or type' : 'Type'} this code on the Outgoing addresses page: ${v.code}\n\n${v.link ? 'The link and the code work' : 'The code works'} for 24 hours. If you did not ask for this, ignore this mail.`,
  },
  fi: {
    subject: 'Vahvista lähtevä osoitteesi',
    intro: (v) => `${v.account} haluaa lähettää postia osoitteesta ${v.address}.`,
    link: (link) => `Vahvista avaamalla tämä linkki:\n${link}`,
    code: (v) =>
      `${v.link ? 'Tai kirjoita' : 'Kirjoita'} tämä koodi Lähtevät osoitteet -sivulle: ${v.code}\n\n${v.link ? 'Linkki ja koodi ovat voimassa' : 'Koodi on voimassa'} 24 tuntia. Jos et pyytänyt tätä, voit jättää viestin huomiotta.`,
  },
  et: {
    subject: 'Kinnitage oma väljuv aadress',
    intro: (v) => `${v.account} soovib saata kirju aadressilt ${v.address}.`,
    link: (link) => `Kinnitamiseks avage see link:\n${link}`,
    code: (v) =>
      `${v.link ? 'Või sisestage' : 'Sisestage'} see kood lehel Väljuvad aadressid: ${v.code}\n\n${v.link ? 'Link ja kood kehtivad' : 'Kood kehtib'} 24 tundi. Kui te seda ei palunud, jätke kiri tähelepanuta.`,
  },
  ru: {
    subject: 'Подтвердите исходящий адрес',
    intro: (v) => `${v.account} хочет отправлять почту с адреса ${v.address}.`,
    link: (link) => `Чтобы подтвердить, откройте ссылку:\n${link}`,
    code: (v) =>
      `${v.link ? 'Или введите' : 'Введите'} этот код на странице «Исходящие адреса»: ${v.code}\n\n${v.link ? 'Ссылка и код действуют' : 'Код действует'} 24 часа. Если вы этого не запрашивали, просто проигнорируйте письмо.`,
  },
};

interface Vars {
  account: string;
  address: string;
  /** From PUBLIC_URL; null without it (the mail then carries only the code). */
  link: string | null;
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
    text:
      [text.intro(mail), mail.link && text.link(mail.link), text.code(mail)].filter(Boolean).join('\n\n') +
      '\n',
  });
}
