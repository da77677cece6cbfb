import type { DemoMessage } from './demo-message.types.js';
import { alice, bob, carol, liisa, mart } from './demo-people.js';
import {
  QUARTERLY_REPORT_SUBJECT,
  invoicePdf,
  mockupPng,
  monthlyReportPdf,
  quarterlyReportPdf,
} from './demo-attachments.js';

const ACME_2026 = 'Projects/Clients/Acme/2026';

/** Friday lunch: carol asks, everyone answers. */
const lunchThread = (): DemoMessage[] => [
  {
    key: 'lunch-1',
    from: carol,
    to: [alice, bob],
    daysAgo: 6.3,
    subject: 'Lõunasöök reedel?',
    text: 'Tere mõlemale!\n\nKas reedel kell 12 sobib lõuna Kohvik Kuus? Neil on uus päevapraad.\n\nCarol',
  },
  {
    key: 'lunch-2',
    from: bob,
    to: [carol, alice],
    daysAgo: 6.1,
    replyTo: 'lunch-1',
    subject: 'Re: Lõunasöök reedel?',
    text: 'Sopii minulle! Tulen suoraan toimistolta, voin olla 5 min myöhässä.\n\nBob',
  },
  {
    key: 'lunch-3',
    from: alice,
    to: [carol, bob],
    daysAgo: 5.9,
    replyTo: 'lunch-2',
    subject: 'Re: Lõunasöök reedel?',
    text: 'Sobib! Broneerin laua kolmele, nimi on Tamm.\n\nAlice',
  },
  {
    key: 'lunch-4',
    from: carol,
    to: [alice, bob],
    daysAgo: 5.8,
    replyTo: 'lunch-3',
    subject: 'Re: Lõunasöök reedel?',
    text: 'Suurepärane, näeme reedel! / Отлично, до пятницы!\n\nCarol',
    placement: { [alice.email]: { flagged: true } },
  },
];

/** The Q3 report with its attachments, answered twice. */
const quarterlyReportThread = (): DemoMessage[] => [
  {
    key: 'q3-report',
    from: bob,
    to: [alice],
    daysAgo: 1.2,
    subject: QUARTERLY_REPORT_SUBJECT,
    text:
      'Hei Alice,\n\nliitteenä Q3 kvartaliaruanne (PDF). Vaatasitko jo müügitulu numbrid üle?\n' +
      'Kui kõik sobib, saadan selle homme juhatusele.\n\nTerveisin,\nBob',
    attachments: [quarterlyReportPdf()],
    placement: { [alice.email]: { seen: false } },
  },
  {
    key: 'q3-report-2',
    from: alice,
    to: [bob],
    daysAgo: 1.0,
    replyTo: 'q3-report',
    subject: `Re: ${QUARTERLY_REPORT_SUBJECT}`,
    text: 'Tänan! Kaks märkust: lk 1 kulude rida ja Acme uue lepingu summa. Muu on korras.\n\nAlice',
  },
  {
    key: 'q3-report-3',
    from: bob,
    to: [alice],
    daysAgo: 0.9,
    replyTo: 'q3-report-2',
    subject: `Re: ${QUARTERLY_REPORT_SUBJECT}`,
    text: 'Kiitos! Korjaan molemmat ja lähetän päivitetyn version huomenna aamulla.\n\nBob',
    placement: { [alice.email]: { seen: false } },
  },
];

/** An outside client (Acme): last year's offer and this year's schedule, each in its year's project folder. */
const acmeStart = (): DemoMessage[] => [
  {
    key: 'acme-2025',
    from: mart,
    to: [alice],
    daysAgo: 150,
    subject: 'Pakkumine: Acme e-pood 2025',
    text: 'Tere Alice,\n\nsaadan meie e-poe arenduse pakkumise. Ootame tagasisidet novembri lõpuks.\n\nMart Kask\nAcme OÜ',
    placement: { [alice.email]: { folder: 'Projects/Clients/Acme/2025' } },
  },
  {
    key: 'acme-1',
    from: mart,
    to: [alice],
    cc: [liisa],
    daysAgo: 40,
    subject: 'Acme veebilehe uuendus – ajakava 2026',
    text:
      'Tere Alice,\n\npanime kokku 2026. aasta ajakava:\n' +
      ' 1. etapp – disain (jaanuar)\n 2. etapp – arendus (veebruar–märts)\n 3. etapp – testimine (aprill)\n\n' +
      'Kas see sobib teie meeskonnale?\n\nMart',
    placement: { [alice.email]: { folder: ACME_2026 } },
  },
  {
    key: 'acme-2',
    from: alice,
    to: [mart],
    cc: [liisa],
    daysAgo: 39,
    replyTo: 'acme-1',
    subject: 'Re: Acme veebilehe uuendus – ajakava 2026',
    text: 'Tere Mart,\n\najakava sobib. Arendusetapi jaoks vajame disainifaile hiljemalt 31. jaanuariks.\n\nAlice',
  },
];

/** The rest of the Acme conversation, up to the client's new meeting request. */
const acmeFollowUps = (): DemoMessage[] => [
  {
    key: 'acme-3',
    from: liisa,
    to: [alice],
    cc: [mart],
    daysAgo: 38,
    replyTo: 'acme-2',
    subject: 'Re: Acme veebilehe uuendus – ajakava 2026',
    text: 'Hei Alice,\n\nliitteenä käyttöliittymäluonnos (versio 2). Kommentit ovat tervetulleita!\n\nLiisa Mäkinen\nAcme OÜ',
    attachments: [mockupPng('Käyttöliittymäluonnos v2.png')],
    placement: { [alice.email]: { folder: ACME_2026, flagged: true } },
  },
  {
    key: 'acme-4',
    from: mart,
    to: [alice],
    daysAgo: 12,
    subject: 'Arve nr 2026-041',
    text: 'Tere,\n\nmanuses 1. etapi arve. Maksetähtaeg 14 päeva.\n\nMart',
    attachments: [invoicePdf()],
    placement: { [alice.email]: { folder: ACME_2026 } },
  },
  {
    key: 'acme-5',
    from: mart,
    to: [alice],
    daysAgo: 0.4,
    subject: 'Kohtumine järgmisel nädalal?',
    text: 'Tere Alice,\n\nkas teisipäeval kell 10 sobiks? Arutaksime 2. etapi detaile.\n\nMart',
  },
];

/** A monthly report in Russian, and a meeting notice in two languages. */
const russianReportThread = (): DemoMessage[] => [
  {
    key: 'report-ru',
    from: carol,
    to: [alice],
    daysAgo: 10,
    subject: 'Отчёт за октябрь',
    text:
      'Привет, Алиса!\n\nВо вложении отчёт за октябрь. Обращений в поддержку стало меньше на 9%,\n' +
      'доступность сервиса — 99,97%. Если будут вопросы, пиши.\n\nКэрол',
    attachments: [monthlyReportPdf()],
  },
  {
    key: 'report-ru-2',
    from: alice,
    to: [carol],
    daysAgo: 9.8,
    replyTo: 'report-ru',
    subject: 'Re: Отчёт за октябрь',
    text: 'Спасибо, Кэрол! Посмотрю сегодня вечером.\n\nAlice',
    placement: { [carol.email]: { folder: 'Работа/Отчёты' } },
  },
  {
    key: 'meeting',
    from: alice,
    to: [bob, carol],
    daysAgo: 15,
    subject: 'Tiimi koosolek: uus aeg / Tiimipalaveri siirtyy',
    text: 'Tere!\n\nNädala koosolek toimub nüüd kolmapäeviti kell 14:00.\n\nHei! Viikkopalaveri on jatkossa keskiviikkoisin klo 14.\n\nAlice',
  },
];

/** A short question and its answer about an Acme invoice. */
const invoiceThread = (): DemoMessage[] => [
  {
    key: 'invoice-question',
    from: alice,
    to: [carol],
    daysAgo: 4,
    subject: 'Вопрос по счёту Acme',
    text: 'Привет, Кэрол!\n\nТы не знаешь, счёт Acme 2026-041 уже оплачен? Бухгалтерия спрашивает.\n\nAlice',
  },
  {
    key: 'invoice-answer',
    from: carol,
    to: [alice],
    daysAgo: 3.5,
    replyTo: 'invoice-question',
    subject: 'Re: Вопрос по счёту Acme',
    text: 'Да, оплачен вчера. Платёжка в папке бухгалтерии.\n\nКэрол',
  },
];

/** Conversations between the demo users and with an outside client (Acme). */
export function demoThreads(): DemoMessage[] {
  return [
    ...lunchThread(),
    ...quarterlyReportThread(),
    ...acmeStart(),
    ...acmeFollowUps(),
    ...russianReportThread(),
    ...invoiceThread(),
  ];
}
