import type { ImapFlow, SearchObject } from 'imapflow';
import type { MailUser } from './mail-user';
import { withImap } from './mail-user';

const day = 86_400_000;

interface SearchSeed {
  folder: string;
  from: string;
  to?: string;
  cc?: string;
  subject: string;
  text: string;
  daysAgo: number;
  flags?: string[];
  attachment?: boolean;
  padding?: number;
}

/** Arrival at noon UTC `days` days ago: far from any midnight, so a date search means the same in every zone. */
export const daysAgoAtNoon = (days: number) => {
  const d = new Date(Date.now() - days * day);
  d.setUTCHours(12, 0, 0, 0);
  return d;
};

/** A multipart message (optionally with a small PDF) as raw MIME, written by hand so the e2e package needs no composer. */
function raw(m: SearchSeed, to: string, date: Date): Buffer {
  const boundary = `b${Math.random().toString(36).slice(2)}`;
  const words = m.padding ? `${m.text}\r\n${'lorem ipsum '.repeat(m.padding / 12)}` : m.text;
  const encode = (s: string) => `=?UTF-8?B?${Buffer.from(s).toString('base64')}?=`;
  const head = [
    `From: ${m.from}`,
    `To: ${m.to ?? to}`,
    ...(m.cc ? [`Cc: ${m.cc}`] : []),
    `Subject: ${encode(m.subject)}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${Math.random().toString(36).slice(2)}@search.e2e.test>`,
    'MIME-Version: 1.0',
  ];
  // 8bit, as most mail carries text: Dovecot's full-text index (fts-xapian) finds phrases in base64 bodies
  // word by word only.
  const text = [
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    words.replace(/(.{1,76})(\s|$)/g, '$1\r\n').trimEnd(),
  ];
  if (!m.attachment) return Buffer.from([...head, ...text, ''].join('\r\n'));
  const pdf = Buffer.from(`%PDF-1.4\n% ${m.subject}\n%%EOF\n`).toString('base64');
  return Buffer.from(
    [
      ...head,
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      ...text,
      `--${boundary}`,
      'Content-Type: application/pdf; name="report.pdf"',
      'Content-Disposition: attachment; filename="report.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      pdf,
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
}

/**
 * Mail in Inbox, Sent, a nested folder, Trash, Junk and Archive in Finnish, Russian and English, with flags,
 * attachments and sizes for every keyword; plus `bulk` messages with the word "bulkword" over Inbox, Sent and the
 * nested folder (more than one page of results).
 */
export function searchSeed(me: string, bulk: number): SearchSeed[] {
  const seeds: SearchSeed[] = [
    {
      folder: 'INBOX',
      from: 'Aino Virtanen <aino@virtanen.example>',
      subject: 'Työpäivän raportti',
      text: 'Tämä on pitkä työpäivä ja budjetti. budget',
      daysAgo: 2,
    },
    {
      folder: 'INBOX',
      from: 'Olga Smirnova <olga@smirnova.example>',
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
      daysAgo: 1,
      flags: ['\\Seen'],
    },
    {
      folder: 'Sent',
      from: me,
      to: 'Olga Smirnova <olga@smirnova.example>',
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
      text: 'budget offer',
      daysAgo: 1,
    },
    {
      folder: 'Archive',
      from: 'Olga Smirnova <olga@smirnova.example>',
      subject: 'Archived report',
      text: 'report archived. Exact phrase here.',
      daysAgo: 100,
      flags: ['\\Seen'],
    },
  ];
  const folders = ['INBOX', 'Sent', 'Projects/Acme/2026'];
  for (let i = 0; i < bulk; i += 1) {
    seeds.push({
      folder: folders[i % 3]!,
      from: `sender${i % 5}@example.test`,
      subject: `Bulk ${String(i).padStart(3, '0')}`,
      text: `bulkword number ${i}`,
      daysAgo: 30 + (bulk - i) / 24,
      flags: i % 3 === 0 ? ['\\Seen'] : [],
    });
  }
  return seeds;
}

/** APPENDs the seed oldest first (UID order is arrival order), creating the folders. */
export async function seedSearchMail(user: MailUser, bulk = 0): Promise<void> {
  await withImap(user, async (client) => {
    await client.mailboxCreate('Projects/Acme/2026').catch(() => undefined);
    const seeds = searchSeed(user.email, bulk).sort((a, b) => b.daysAgo - a.daysAgo);
    // Open every folder before the first APPEND: the special-use ones (auto = subscribe) are created on disk when
    // first opened, and created by an APPEND while the full-text indexer works on an earlier one, Dovecot 2.3
    // can deadlock on its folder-list index lock and kill the session ("Connection not available").
    for (const folder of new Set(seeds.map((m) => m.folder))) await client.status(folder, { messages: true });
    for (const m of seeds) {
      const date = daysAgoAtNoon(m.daysAgo);
      date.setUTCMinutes(Math.round((m.daysAgo % 1) * 1440) % 60);
      await client.append(m.folder, raw(m, user.email, date), m.flags ?? [], date);
    }
  });
}

export const defaultScope = [
  'INBOX',
  'Sent',
  'Drafts',
  'Archive',
  'Projects',
  'Projects/Acme',
  'Projects/Acme/2026',
];

/** `folder:uid` of every message matching `query` in each folder, by imapflow's own SEARCH: the truth. */
export async function imapTruth(
  user: MailUser,
  query: SearchObject,
  folders = defaultScope,
): Promise<string[]> {
  return withImap(user, async (client: ImapFlow) => {
    const out: string[] = [];
    for (const folder of folders) {
      const lock = await client.getMailboxLock(folder, { readOnly: true }).catch(() => null);
      if (!lock) continue;
      try {
        const uids = (await client.search(query, { uid: true })) || [];
        for (const uid of uids) out.push(`${folder}:${uid}`);
      } finally {
        lock.release();
      }
    }
    return out.sort();
  });
}
