/**
 * Deterministic, realistic-looking raw messages for the benchmark folders: people writing to each other in
 * threads (Message-ID / In-Reply-To / References chains, "Re:" subjects), newsletters, some HTML with an
 * attachment, four languages. Built as plain strings: composing 100,000 messages through a MIME library
 * would take longer than Dovecot needs to index them.
 */
import { prng } from '@webmail/mailstack';

const people = [
  ['Mari Maasikas', 'mari@maasikas.example'],
  ['Jaan Tamm', 'jaan.tamm@firma.example'],
  ['Aino Virtanen', 'aino@virtanen.example'],
  ['Mikko Korhonen', 'mikko.korhonen@yritys.example'],
  ['Ольга Смирнова', 'olga@smirnova.example'],
  ['Дмитрий Иванов', 'd.ivanov@kompania.example'],
  ['Sarah Miller', 'sarah@miller.example'],
  ['Tom Becker', 'tom.becker@acme.example'],
  ['Liis Kask', 'liis.kask@kool.example'],
  ['Pekka Nieminen', 'pekka@nieminen.example'],
] as const;

const lists = [
  ['Tallinn Tech Weekly', 'news@techweekly.example', 'weekly.techweekly.example'],
  ['Kirjaston uutiskirje', 'uutiset@kirjasto.example', 'uutiset.kirjasto.example'],
  ['Технодайджест', 'digest@technodigest.example', 'weekly.technodigest.example'],
  ['Open Source Digest', 'digest@oss.example', 'digest.oss.example'],
] as const;

const topics = [
  'Eelarve 2027 kavand',
  'Kokous neljapäeval',
  'Projektin aikataulu',
  'Lomasuunnitelmat',
  'Отчёт за квартал',
  'Встреча с клиентом',
  'Release planning',
  'Invoice #4471',
  'Server migration weekend',
  'Lunch on Friday?',
  'Koolituse materjalid',
  'Tarjouspyyntö',
];

const words = (
  'the project team meeting report server release plan budget next week please review ' +
  'koosolek aruanne eelarve nädal palun vaata üle projekt meeskond ' +
  'kokous raportti budjetti viikko ole hyvä tarkista projekti tiimi ' +
  'встреча отчёт бюджет неделя пожалуйста проверьте проект команда'
).split(' ');

const pick = <T>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;

function text(rnd: () => number, paragraphs: number): string {
  return Array.from({ length: paragraphs }, () => {
    const n = 15 + Math.floor(rnd() * 40);
    return Array.from({ length: n }, () => pick(rnd, words)).join(' ') + '.';
  }).join('\r\n\r\n');
}

/** RFC 2047 encoded-word for non-ASCII header text. */
function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value).toString('base64')}?=`;
}

interface Thread {
  subject: string;
  ids: string[];
}

export interface GeneratedMessage {
  raw: Buffer;
  date: Date;
}

/**
 * A generator of `count` messages over the time span, oldest first. About 40 % of person-to-person mail
 * replies to one of the recently active threads, so conversation mode has real threads to group.
 */
export function* realisticMessages(
  owner: string,
  count: number,
  startMs: number,
  endMs: number,
  seed = 2026,
): Generator<GeneratedMessage> {
  const rnd = prng(seed);
  const open: Thread[] = [];
  const step = (endMs - startMs) / count;
  for (let i = 0; i < count; i += 1) {
    const date = new Date(Math.floor((startMs + i * step + rnd() * step * 0.5) / 1000) * 1000);
    const id = `<bench-${seed}-${i}@mail.example>`;
    const headers: string[] = [];
    let body: string;
    if (i % 5 === 4) {
      const [name, address, listId] = pick(rnd, lists);
      headers.push(`From: ${encodeHeader(name)} <${address}>`, `List-Id: <${listId}>`, 'Precedence: bulk');
      headers.push(`Subject: ${encodeHeader(`${name} #${Math.floor(i / 5)}: ${pick(rnd, topics)}`)}`);
      body = text(rnd, 3);
    } else {
      const [name, address] = pick(rnd, people);
      headers.push(`From: ${encodeHeader(name)} <${address}>`);
      const reply = open.length > 0 && rnd() < 0.4 ? open[Math.floor(rnd() * open.length)]! : null;
      if (reply) {
        headers.push(`Subject: ${encodeHeader(`Re: ${reply.subject}`)}`);
        headers.push(`In-Reply-To: ${reply.ids.at(-1)}`, `References: ${reply.ids.slice(-10).join(' ')}`);
        reply.ids.push(id);
      } else {
        const thread = { subject: pick(rnd, topics), ids: [id] };
        headers.push(`Subject: ${encodeHeader(thread.subject)}`);
        open.push(thread);
        if (open.length > 300) open.shift();
      }
      body = text(rnd, 1 + Math.floor(rnd() * 3));
    }
    headers.push(
      `To: <${owner}>`,
      `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
      `Message-ID: ${id}`,
    );
    headers.push('MIME-Version: 1.0');
    yield { raw: Buffer.from(withBody(headers, body, i % 10 === 3 ? `boundary-${i}` : null)), date };
  }
}

function withBody(headers: string[], body: string, boundary: string | null): string {
  if (!boundary) {
    return [
      ...headers,
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      body,
    ]
      .join('\r\n')
      .concat('\r\n');
  }
  const html = `<html><body>${body
    .split('\r\n\r\n')
    .map((p) => `<p>${p}</p>`)
    .join('')}</body></html>`;
  const pdf = Buffer.from(`%PDF-1.4\n% bench attachment\n${body.slice(0, 300)}\n%%EOF\n`).toString('base64');
  return [
    ...headers,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    html,
    `--${boundary}`,
    'Content-Type: application/pdf; name="report.pdf"',
    'Content-Disposition: attachment; filename="report.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    ...(pdf.match(/.{1,76}/g) ?? []),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
