import type { DemoMessage } from './demo-message.types.js';
import { alice, bob, carol, ciBot, digest, kirjasto, spammer, techWeekly } from './demo-people.js';

// Remote images point at images.example.com: the webmail must block them by default, and
// nothing in the seeder or the tests may ever fetch them (example.com is reserved).
const img = (path: string, alt: string, width = 560) =>
  `<img src="https://images.example.com/${path}" alt="${alt}" width="${width}" style="display:block;max-width:100%">`;

const listHeaders = (id: string, unsubscribe: string) => ({
  'List-Id': id,
  'List-Unsubscribe': `<${unsubscribe}>`,
  Precedence: 'bulk',
});

function techWeeklyIssue(issue: number, daysAgo: number, headline: string): DemoMessage {
  return {
    key: `techweekly-${issue}`,
    from: techWeekly,
    to: [alice],
    daysAgo,
    subject: `Tallinn Tech Weekly #${issue}: ${headline}`,
    headers: listHeaders(
      'Tallinn Tech Weekly <weekly.techweekly.example>',
      'https://techweekly.example/unsubscribe?u=alice',
    ),
    text: `Tallinn Tech Weekly #${issue}\n\n${headline}\n\nLoe veebis: https://techweekly.example/${issue}`,
    html:
      `<div style="font-family:Arial,sans-serif;max-width:600px;margin:auto">` +
      img(`techweekly/${issue}/header.png`, 'Tallinn Tech Weekly', 600) +
      `<h1 style="color:#0b3d91">${headline}</h1>` +
      img(`techweekly/${issue}/hero.jpg`, headline) +
      `<p>Selle nädala teemad: tehisintellekt avalikus sektoris, Rust Eesti idufirmades ja uued rahastusvoorud.</p>` +
      `<p><a href="https://techweekly.example/${issue}">Loe edasi →</a></p>` +
      img(`t/open.gif?issue=${issue}&u=alice`, '', 1) +
      `</div>`,
  };
}

/** Four issues of one newsletter: one in the Trash, the newest unread. */
const techWeeklyIssues = (): DemoMessage[] => [
  {
    ...techWeeklyIssue(41, 22, 'Eesti idufirmade aasta'),
    placement: { [alice.email]: { folder: 'Trash' } },
  },
  techWeeklyIssue(42, 15, 'Tehisintellekt riigiteenustes'),
  techWeeklyIssue(43, 8, 'Rust ja WebAssembly tootmises'),
  { ...techWeeklyIssue(44, 1, 'Talvine konverentsihooaeg'), placement: { [alice.email]: { seen: false } } },
];

/** Library and digest newsletters with list headers and remote images. */
const mailingLists = (): DemoMessage[] => [
  {
    key: 'kirjasto-11',
    from: kirjasto,
    to: [alice, bob],
    daysAgo: 9,
    subject: 'Marraskuun uutuudet: kirjoja, äänikirjoja ja tapahtumia',
    headers: listHeaders('Kirjaston uutiskirje <uutiset.kirjasto.example>', 'https://kirjasto.example/peru'),
    text: 'Marraskuun uutuudet\n\nTervetuloa kirjastoon! Lue koko uutiskirje verkossa.',
    html:
      `<h1>Marraskuun uutuudet</h1>${img('kirjasto/2026-11/kansi.jpg', 'Kansikuva')}` +
      `<p>Tänä kuussa: pohjoismaisia dekkareita, lasten äänikirjoja ja kirjailijavierailu torstaina.</p>` +
      `<p>${img('kirjasto/2026-11/kirjailija.jpg', 'Kirjailija', 240)}</p>`,
    placement: { [bob.email]: { seen: false } },
  },
  {
    key: 'digest-42',
    from: digest,
    to: [carol, alice],
    daysAgo: 5,
    subject: 'Технодайджест №42: главное за неделю',
    headers: listHeaders(
      'Технодайджест <weekly.technodigest.example>',
      'https://technodigest.example/unsubscribe',
    ),
    text: 'Технодайджест №42\n\nГлавное за неделю: новые процессоры, открытые модели и безопасность почты.',
    html:
      `<h1>Технодайджест №42</h1>${img('technodigest/42/cover.png', 'Обложка')}` +
      `<ul><li>Новые процессоры для ноутбуков</li><li>Открытые языковые модели</li>` +
      `<li>Почему почтовые клиенты блокируют внешние картинки</li></ul>`,
    placement: { [carol.email]: { seen: false } },
  },
];

/** Build notifications and one spam message in Junk. */
const notifications = (): DemoMessage[] => [
  {
    key: 'ci-1280',
    from: ciBot,
    to: [alice, bob],
    daysAgo: 2,
    subject: '[webmail] Build #1280 passed on main',
    text: 'Build #1280 passed on main (3m 12s).\nCommit: 4f2a9c1 "Add folder tree"',
  },
  {
    key: 'ci-1287',
    from: ciBot,
    to: [alice, bob],
    daysAgo: 0.15,
    subject: '[webmail] Build #1287 failed on main',
    text: 'Build #1287 failed on main (2m 48s).\n\nFailed: e2e/message-list.spec.ts › opens a thread\nCommit: 9d0be77 "Thread view"',
    placement: { [alice.email]: { seen: false, flagged: true }, [bob.email]: { seen: false } },
  },
  {
    key: 'spam-1',
    from: spammer,
    to: [alice],
    daysAgo: 2.5,
    subject: 'Congratulations!!! You have WON 1 000 000 €',
    // A SpamAssassin-style score, as the Sieve spamtest extension is configured to read.
    headers: { 'X-Spam-Score': '9.3', 'X-Spam-Flag': 'YES' },
    text: 'Claim your prize now: send us your bank details!',
    html: `<p style="font-size:28px;color:red">YOU WON!</p>${img('lottery/claim-now.gif', 'Claim now')}`,
    placement: { [alice.email]: { folder: 'Junk' } },
  },
];

/** HTML newsletters with remote images, build notifications and one spam message. */
export function demoNewsletters(): DemoMessage[] {
  return [...techWeeklyIssues(), ...mailingLists(), ...notifications()];
}
