import type { DemoMessage } from './demo-message.types.js';
import { alice, bob, carol, ferry } from './demo-people.js';
import { logoPng, mockupPng, photoJpeg } from './demo-attachments.js';

const MOBILE = 'Projects/Mobiilisovellus';
const TRAVEL = 'Personal/Travel/Helsinki-2026';

/** The new logo with inline images, and the app test round that follows it. */
const logoThread = (): DemoMessage[] => [
  {
    key: 'logo',
    from: carol,
    to: [alice, bob],
    daysAgo: 3,
    subject: 'Uus logo kavand / Новый логотип',
    text: 'Tere! Uus logo on pildil. Kommentaarid on oodatud.\n\nCarol',
    // Inline images: nodemailer puts attachments with a cid into multipart/related.
    html:
      '<p>Tere! / Привет!</p><p>Uus logo kavand:</p>' +
      '<p><img src="cid:logo-2026@example.test" alt="Logo" width="64" height="64"></p>' +
      '<p>Ja foto kontori seinalt, kuidas see välja näeb:</p>' +
      '<p><img src="cid:wall-photo@example.test" alt="Foto" width="192"></p>' +
      '<p>Kommentaarid on oodatud. / Жду комментариев.</p><p>Carol</p>',
    attachments: [logoPng('logo-2026@example.test'), photoJpeg('seinal.jpg', 'wall-photo@example.test')],
    placement: { [alice.email]: { flagged: true, seen: true }, [bob.email]: { folder: MOBILE } },
  },
  {
    key: 'logo-2',
    from: bob,
    to: [carol],
    cc: [alice],
    daysAgo: 2.8,
    replyTo: 'logo',
    subject: 'Re: Uus logo kavand / Новый логотип',
    text: 'Näyttää hienolta! Voisiko vihreää tummentaa hieman? Sovelluksen kuvakkeessa se näyttää vaalealta.\n\nBob',
    placement: { [carol.email]: { flagged: true } },
  },
  {
    key: 'app-test',
    from: bob,
    to: [carol],
    daysAgo: 8,
    subject: 'Mobiilisovelluksen testiversio 0.9',
    text:
      'Hei Carol,\n\nuusi testiversio on valmis. Asennusohjeet ja muutosloki ovat liitteenä.\n' +
      'Testaisitko erityisesti venäjänkielisen käännöksen?\n\nBob',
    attachments: [mockupPng('Näkymä – asetukset.png')],
    placement: { [carol.email]: { folder: 'Работа/Тестирование' } },
  },
  {
    key: 'app-test-2',
    from: carol,
    to: [bob],
    daysAgo: 7.5,
    replyTo: 'app-test',
    subject: 'Re: Mobiilisovelluksen testiversio 0.9',
    text:
      'Привет, Боб!\n\nУстановила версию 0.9. Перевод в целом хороший, но в настройках\n' +
      '«Уведомления» обрезается на маленьких экранах. Скриншот пришлю завтра.\n\nКэрол',
    placement: { [bob.email]: { folder: MOBILE, flagged: true } },
  },
];

/** The weekly status and the Helsinki trip filed under Travel. */
const weeklyAndTravel = (): DemoMessage[] => [
  {
    key: 'weekly-45',
    from: bob,
    to: [carol, alice],
    daysAgo: 5,
    subject: 'Viikkoraportti 45 / Nädalaaruanne',
    text: 'Valmiit: kirjautuminen, haku.\nKesken: liitteiden esikatselu.\nEsteet: ei.\n\nBob',
    placement: {
      [carol.email]: { folder: 'Работа/Отчёты' },
      [alice.email]: { folder: 'Projects/Internal' },
    },
  },
  {
    key: 'helsinki',
    from: bob,
    to: [alice],
    daysAgo: 20,
    subject: 'Helsingin-matka: vinkkejä',
    text:
      'Moi Alice!\n\nMuutama vinkki Helsinkiin: Oodi-kirjasto, Löyly-sauna ja Hakaniemen kauppahalli.\n' +
      'Liitteenä kuva Suomenlinnasta.\n\nBob',
    attachments: [photoJpeg('Suomenlinna – kesä.jpg')],
    placement: { [alice.email]: { folder: TRAVEL } },
  },
  {
    key: 'ferry',
    from: ferry,
    to: [alice],
    daysAgo: 21,
    subject: 'Broneeringu kinnitus: Tallinn–Helsingi 14.12',
    text: 'Broneering TS-48213\nTallinn–Helsingi 14.12 kell 07:30\n1 täiskasvanu, 1 sõiduauto\nKokku 89,00 €',
    html:
      '<h2>Broneeringu kinnitus</h2><p>Broneering <b>TS-48213</b></p>' +
      '<table><tr><td>Reis</td><td>Tallinn–Helsingi 14.12 kell 07:30</td></tr>' +
      '<tr><td>Reisijad</td><td>1 täiskasvanu, 1 sõiduauto</td></tr>' +
      '<tr><td>Kokku</td><td>89,00 €</td></tr></table>' +
      '<p><img src="https://images.example.com/ferry/ship-banner.jpg" alt="Laev" width="480"></p>',
    placement: { [alice.email]: { folder: TRAVEL } },
  },
];

/** A meeting reply, office photos, and older mail in the Archive. */
const officeMail = (): DemoMessage[] => [
  {
    key: 'meeting-2',
    from: bob,
    to: [alice, carol],
    daysAgo: 14.8,
    replyTo: 'meeting',
    subject: 'Re: Tiimi koosolek: uus aeg / Tiimipalaveri siirtyy',
    text: 'Sopii minulle. Päivitän kalenterikutsun ja varaan neuvotteluhuoneen Saimaa.\n\nBob',
  },
  {
    key: 'photos',
    from: carol,
    to: [alice, bob],
    daysAgo: 16,
    subject: 'Fotod suvepäevadelt / Фото с корпоратива',
    text: 'Tere! Paar pilti suvepäevadelt. / Привет! Несколько фото с корпоратива.\n\nCarol',
    attachments: [photoJpeg('Suvepäevad – järv.jpg'), photoJpeg('Ужин на террасе.jpg')],
    placement: { [bob.email]: { flagged: true } },
  },
  {
    key: 'summer',
    from: bob,
    to: [alice],
    daysAgo: 110,
    subject: 'Puhkuse plaanid suveks',
    text: 'Hei! Olen lomalla heinäkuun kolme ensimmäistä viikkoa. Carol sijaistaa minua.\n\nBob',
    placement: { [alice.email]: { folder: 'Archive' } },
  },
  {
    key: 'keys',
    from: carol,
    to: [alice, bob],
    daysAgo: 95,
    subject: 'Kontori võtmed / Ключи от офиса',
    text: 'Uued võtmed on valvelauas. / Новые ключи на ресепшене.\n\nCarol',
    placement: { [alice.email]: { folder: 'Archive' }, [bob.email]: { folder: 'Archive' } },
  },
];

/** Mail between bob and carol, the inline-image HTML message, travel and archived mail. */
export function demoTeamMail(): DemoMessage[] {
  return [...logoThread(), ...weeklyAndTravel(), ...officeMail()];
}
