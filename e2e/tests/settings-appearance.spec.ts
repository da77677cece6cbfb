import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { e2eBaseUrl, screenshotDir } from '../support/environment';
import { newMailUser, plainMessage, withImap, type MailUser } from '../support/mail-user';
import { lookLanguages, looksAt, showLook } from '../support/screenshots';
import { pick } from '../support/settings';
import { signInByApi, useLanguage, xsrfHeaders } from '../support/sign-in';

const colors = ['blue', 'red', 'green', 'gray'] as const;
const widths = [
  { width: 360, height: 780 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];

/** An inbox worth looking at: a few senders, read and unread, over the last days. */
async function seedInbox(user: MailUser): Promise<void> {
  const senders = [
    ['Aino Virtanen <aino@example.test>', 'Lounas torstaina?', 'Käydäänkö syömässä uudessa paikassa?'],
    ['Bob Builder <bob@example.test>', 'Q3 figures', 'The numbers are in; see the summary below.'],
    ['Kaisa Kask <kaisa@example.test>', 'Koosolek reedel', 'Kas sobib kell 10?'],
    ['Иван Петров <ivan@example.test>', 'Отчёт за ноябрь', 'Отправляю отчёт.'],
    ['Newsletter <news@example.test>', 'Marraskuun uutuudet', 'Kirjoja, äänikirjoja ja tapahtumia.'],
    ['Carol <carol@example.test>', 'Trip photos', 'Here they are!'],
  ];
  await withImap(user, async (client) => {
    for (const [index, [from, subject, body]] of senders.entries()) {
      const raw = plainMessage({
        from: from!,
        to: user.email,
        subject: subject!,
        body,
        date: new Date(Date.now() - index * 7 * 3_600_000),
      });
      await client.append('INBOX', raw, index % 2 ? ['\\Seen'] : []);
    }
  });
}

async function patch(page: Page, what: 'details' | 'config', data: object) {
  const res = await page.request.patch(`${e2eBaseUrl}/api/u/0/${what}`, {
    data,
    headers: await xsrfHeaders(page),
  });
  expect(res.status()).toBe(200);
}

async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(200); // transitions
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

const theme = (page: Page) => page.locator('html');

test('appearance: applied at once, saved, followed by another tab, kept after a reload; a failed save rolls back', async ({
  page,
  context,
}) => {
  const user = newMailUser('look');
  await useLanguage(context, 'en');
  await signInByApi(page, user, 'en');
  const inbox = page.url();
  const other = await context.newPage();
  await other.goto(inbox);
  await expect(other.getByRole('button', { name: 'Conversations' })).toHaveAttribute('aria-pressed', 'false');

  await page.goto('/u/0/settings/appearance');
  // The appearance's save, not the time zone a new account's first page saves too.
  const saved = page.waitForResponse(
    (r) =>
      r.request().method() === 'PATCH' &&
      r.url().endsWith('/details') &&
      !('timezone' in (r.request().postDataJSON() as object)),
  );
  await pick(page.getByRole('radio', { name: 'Dark', exact: true }));
  await pick(page.getByRole('radio', { name: 'Green' }));
  // The whole app takes the new theme (as the user sees it) before the next choices, all in the same second.
  await expect(theme(page)).toHaveAttribute('data-theme', 'green-dark');
  await pick(page.getByRole('radio', { name: 'Compact' }));
  await pick(page.getByRole('radio', { name: 'Conversations' }));
  expect((await saved).status()).toBe(200);

  // The other tab of the same user follows (the live event), and a reload keeps it all.
  await expect(theme(other)).toHaveAttribute('data-theme', 'green-dark');
  await expect(other.getByRole('button', { name: 'Conversations' })).toHaveAttribute('aria-pressed', 'true');
  await other.close();
  await page.reload();
  await expect(theme(page)).toHaveAttribute('data-theme', 'green-dark');
  await expect(page.getByRole('radio', { name: 'Compact' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Conversations' })).toBeChecked();

  // The server fails the save: the previous look comes back with a notice. The failure is held back until the
  // new look has shown, so the test sees both states however fast the answer comes.
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/u/0/details', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    await answered;
    return route.fulfill({ status: 500, json: { code: 'Internal', message: 'Boom' } });
  });
  await pick(page.getByRole('radio', { name: 'Red' }));
  await expect(theme(page)).toHaveAttribute('data-theme', 'red-dark');
  answer();
  await expect(
    page.getByText('The setting could not be saved, so the previous one is back. Try again.'),
  ).toBeVisible();
  await expect(theme(page)).toHaveAttribute('data-theme', 'green-dark');
  await expect(page.getByRole('radio', { name: 'Green' })).toBeChecked();
  await page.unroute('**/api/u/0/details');
  await page.reload();
  await expect(theme(page)).toHaveAttribute('data-theme', 'green-dark');
});

test('appearance screenshots: the mailbox in all eight themes, the Appearance and General pages', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const user = newMailUser('themes');
  await seedInbox(user);
  await useLanguage(context, 'en');
  await signInByApi(page, user, 'en');
  const inbox = page.url();
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const color of colors) {
    for (const dark of [false, true]) {
      const name = dark ? `${color}-dark` : color;
      await patch(page, 'config', { darkMode: dark ? 'dark' : 'light' });
      await patch(page, 'details', { ui: { color, theme: name } });
      await page.goto(inbox);
      await expect(theme(page)).toHaveAttribute('data-theme', name);
      await expect(page.getByRole('list', { name: /^Messages in/ }).getByRole('listitem')).toHaveCount(6);
      await shoot(page, `appearance-mailbox-${name}-1440`);
    }
  }

  // The settings pages follow the system's scheme (the default), in Finnish and English.
  await patch(page, 'config', { darkMode: 'system' });
  await patch(page, 'details', { ui: { color: 'blue', theme: 'blue' } });
  for (const language of lookLanguages(['fi', 'en'] as const)) {
    await patch(page, 'config', { language });
    for (const settingsPage of ['appearance', 'general'] as const) {
      await page.goto(`/u/0/settings/${settingsPage}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('radiogroup').first()).toBeVisible();
      for (const { scheme, size } of looksAt(widths)) {
        await showLook(page, scheme, size);
        await shoot(page, `settings-${settingsPage}-${language}-${scheme}-${size.width}`);
      }
    }
  }
});
