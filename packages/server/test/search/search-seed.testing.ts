import type { ImapFlow } from 'imapflow';
import { composeRaw, tinyPdf } from '../support/mail-fixtures.testing.js';

const day = 86_400_000;

export interface SeedMessage {
  folder: string;
  from: string;
  to?: string;
  cc?: string;
  subject: string;
  text: string;
  daysAgo: number;
  flags?: string[];
  attachment?: boolean;
  /** Extra body text (a big message). */
  padding?: number;
}

/** Mail in Inbox, Sent, a nested folder, Trash, Junk and Archive, in four languages, with the flags the keywords ask for. */
export function searchMailbox(me: string): SeedMessage[] {
  return [
    {
      folder: 'INBOX',
      from: 'Aino Virtanen <aino@virtanen.example>',
      subject: 'Työpäivän raportti',
      text: 'Tämä on pitkä työpäivä ja budjetti. budget',
      daysAgo: 2,
    },
    {
      folder: 'INBOX',
      from: 'Ольга Смирнова <olga@smirnova.example>',
      subject: 'Отчёт за квартал',
      text: 'Квартальный отчёт готов. budget review',
      daysAgo: 10,
      flags: ['\\Seen', '\\Flagged'],
    },
    {
      folder: 'INBOX',
      from: 'Tom Becker <tom@acme.example>',
      cc: 'aino@virtanen.example',
      subject: 'Release planning',
      text: 'The budget meeting is on Friday. Exact phrase here.',
      daysAgo: 3,
      flags: ['\\Seen'],
      attachment: true,
    },
    {
      folder: 'INBOX',
      from: 'Digest <news@lists.example>',
      subject: 'Weekly digest',
      text: 'budget tips for everyone',
      daysAgo: 400,
      flags: ['\\Seen'],
      padding: 120_000,
    },
    {
      folder: 'INBOX',
      from: me,
      to: me,
      subject: 'Note to self',
      text: 'remember the budget',
      daysAgo: 0.5,
      flags: ['\\Seen'],
    },
    {
      folder: 'Sent',
      from: me,
      to: 'Ольга Смирнова <olga@smirnova.example>',
      subject: 'Re: Отчёт за квартал',
      text: 'Спасибо! budget ok',
      daysAgo: 9,
      flags: ['\\Seen'],
    },
    {
      folder: 'Projects/Acme/2026',
      from: 'Tom Becker <tom@acme.example>',
      subject: 'Acme kickoff',
      text: 'kickoff budget acme',
      daysAgo: 1,
      flags: ['\\Flagged'],
    },
    {
      folder: 'Projects/Acme/2026',
      from: 'Sarah Miller <sarah@miller.example>',
      subject: 'Invoice',
      text: 'invoice attached',
      daysAgo: 20,
      flags: ['\\Seen'],
      attachment: true,
    },
    {
      folder: 'Trash',
      from: 'Aino Virtanen <aino@virtanen.example>',
      subject: 'Old budget',
      text: 'budget työpäivä',
      daysAgo: 5,
      flags: ['\\Seen'],
    },
    {
      folder: 'Junk',
      from: 'Spam <spam@bad.example>',
      subject: 'Cheap budget',
      text: 'budget offer Отчёт',
      daysAgo: 1,
    },
    {
      folder: 'Archive',
      from: 'Ольга Смирнова <olga@smirnova.example>',
      subject: 'Archived report',
      text: 'report archived. Exact phrase here.',
      daysAgo: 100,
      flags: ['\\Seen'],
    },
  ];
}

/** APPENDs the messages with their arrival times (oldest first, so UID order is arrival order). */
export async function seedMessages(imap: ImapFlow, me: string, messages: SeedMessage[]): Promise<void> {
  for (const path of new Set(messages.map((m) => m.folder))) {
    if (!['INBOX', 'Sent', 'Trash', 'Junk', 'Archive', 'Drafts'].includes(path))
      await imap.mailboxCreate(path);
    // Opened before the first APPEND: the special-use folders (auto = subscribe) are created on disk when first
    // opened, and created by an APPEND while the full-text indexer works on an earlier one, Dovecot 2.3 can
    // deadlock on its folder-list index lock and kill the session ("Connection not available").
    await imap.status(path, { messages: true });
  }
  const now = Date.now();
  for (const m of [...messages].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const date = new Date(now - m.daysAgo * day);
    const raw = await composeRaw({
      from: m.from,
      to: m.to ?? me,
      ...(m.cc ? { cc: m.cc } : {}),
      subject: m.subject,
      text: m.padding ? `${m.text}\n${'lorem ipsum '.repeat(m.padding / 12)}` : m.text,
      date,
      ...(m.attachment ? { attachments: [{ filename: 'report.pdf', content: tinyPdf(m.subject) }] } : {}),
    });
    await imap.append(m.folder, raw, m.flags ?? [], date);
  }
}
