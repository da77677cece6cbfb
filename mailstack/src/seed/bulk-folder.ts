import MailComposer from 'nodemailer/lib/mail-composer';
import { SEED_VERSION } from './compose.js';
import type { AppendItem } from './imap-multiappend.js';
import type { Person } from './demo-people.js';
import { prng } from './prng.js';

export const BULK_FOLDER = 'Lists/Newsletters-archive';
export const BULK_COUNT = 5000;
const DAY_MS = 86_400_000;

interface ListSource {
  sender: Person;
  listId: string;
  subject: (n: number, topic: string) => string;
  topics: string[];
  words: string[];
}

// Four lists in four languages, so search, snippets and sorting meet real-world text.
const SOURCES: ListSource[] = [
  {
    sender: { name: 'Tallinn Tech Weekly', email: 'news@techweekly.example' },
    listId: 'weekly.techweekly.example',
    subject: (n, t) => `Tallinn Tech Weekly #${n}: ${t}`,
    topics: [
      'idufirmade rahastus',
      'tehisintellekt',
      'küberturvalisus',
      'e-riik',
      'avatud lähtekood',
      'pilvetaristu',
    ],
    words: [
      'arendajad',
      'Tallinnas',
      'konverents',
      'uus',
      'teenus',
      'andmed',
      'meeskond',
      'õppetunnid',
      'kasv',
      'turvalisus',
    ],
  },
  {
    sender: { name: 'Kirjaston uutiskirje', email: 'uutiset@kirjasto.example' },
    listId: 'uutiset.kirjasto.example',
    subject: (n, t) => `Uutiskirje ${n}: ${t}`,
    topics: [
      'uutuuskirjat',
      'lasten satutunti',
      'kirjailijavierailu',
      'äänikirjat',
      'lukupiiri',
      'aukioloajat',
    ],
    words: [
      'kirjasto',
      'tapahtuma',
      'tervetuloa',
      'lukijat',
      'syksy',
      'uutuus',
      'lainaa',
      'ilmainen',
      'perheille',
      'käsityö',
    ],
  },
  {
    sender: { name: 'Технодайджест', email: 'digest@technodigest.example' },
    listId: 'weekly.technodigest.example',
    subject: (n, t) => `Технодайджест №${n}: ${t}`,
    topics: [
      'новые процессоры',
      'открытые модели',
      'безопасность почты',
      'мобильные приложения',
      'облака',
      'базы данных',
    ],
    words: [
      'обзор',
      'неделя',
      'релиз',
      'разработчики',
      'сервер',
      'данные',
      'обновление',
      'сеть',
      'клиент',
      'почта',
    ],
  },
  {
    sender: { name: 'Open Source Digest', email: 'digest@oss.example' },
    listId: 'digest.oss.example',
    subject: (n, t) => `Open Source Digest ${n} – ${t}`,
    topics: [
      'release roundup',
      'security advisories',
      'IMAP and JMAP news',
      'Rust tooling',
      'TypeScript 6',
      'maintainer stories',
    ],
    words: [
      'release',
      'project',
      'contributors',
      'patch',
      'community',
      'server',
      'protocol',
      'performance',
      'docs',
      'roadmap',
    ],
  },
];

function paragraph(words: string[], rnd: () => number, length: number): string {
  const out = Array.from({ length }, () => words[Math.floor(rnd() * words.length)]!);
  out[0] = out[0]!.charAt(0).toUpperCase() + out[0]!.slice(1);
  return `${out.join(' ')}.`;
}

/**
 * The 5,000-message newsletter archive for alice, spread over the last year, oldest first so
 * UID order matches date order. All read except the newest 25; every 97th is flagged; every
 * 10th is HTML with a remote image (never fetched: example.com is a reserved domain).
 */
export async function bulkArchiveItems(
  owner: Person,
  now: number,
  count = BULK_COUNT,
): Promise<AppendItem[]> {
  const rnd = prng(20261);
  const items: AppendItem[] = [];
  for (let i = 0; i < count; i++) {
    const source = SOURCES[i % SOURCES.length]!;
    const issue = Math.floor(i / SOURCES.length) + 1;
    const topic = source.topics[Math.floor(rnd() * source.topics.length)]!;
    const age = ((count - i) / count) * 365 * DAY_MS + rnd() * 3_600_000;
    const date = new Date(Math.floor((now - age - 2 * DAY_MS) / 1000) * 1000);
    const body = [1, 2, 3].map(() => paragraph(source.words, rnd, 12 + Math.floor(rnd() * 20))).join('\n\n');
    const html =
      i % 10 === 0
        ? `<h1>${source.subject(issue, topic)}</h1>` +
          `<img src="https://images.example.com/archive/${source.listId}/${issue}.jpg" alt="" width="560">` +
          body
            .split('\n\n')
            .map((p) => `<p>${p}</p>`)
            .join('')
        : undefined;
    const composer = new MailComposer({
      from: { name: source.sender.name, address: source.sender.email },
      to: { name: owner.name, address: owner.email },
      subject: source.subject(issue, topic),
      date,
      messageId: `<archive-${i}.${SEED_VERSION}@${source.sender.email.split('@')[1]}>`,
      headers: { 'List-Id': `<${source.listId}>`, Precedence: 'bulk' },
      text: body,
      html,
    });
    const flags = i >= count - 25 ? [] : ['\\Seen'];
    if (i % 97 === 0) flags.push('\\Flagged');
    items.push({ raw: await composer.compile().build(), flags, internalDate: date });
  }
  return items;
}
