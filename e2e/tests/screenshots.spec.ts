import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { demoUsers, screenshotDir } from '../support/environment';
import { lookLanguages, looksAt, pickLooks, showLook } from '../support/screenshots';
import { labels, signInByApi, useLanguage, type UiLanguage } from '../support/sign-in';
import { messageRow } from '../support/message-rows';

const widths = [
  { width: 360, height: 780 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];
// The original quarterly-report mail (a PDF attached, a thread of replies).
const openedRow = 'Kvartaliaruanne Q3 – palun vaata üle';
const openedHeading = /^Kvartaliaruanne Q3 – palun vaata üle$/;

async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/**
 * Stores the screens a person sees (checked by eye) as artifacts under e2e/artifacts/screenshots. The
 * assertions make sure each shot shows the finished screen, not a loader or an error.
 */
for (const language of lookLanguages(['fi', 'en'] as const satisfies UiLanguage[])) {
  test(`screenshots in ${language}`, async ({ page }) => {
    test.setTimeout(120_000);
    await useLanguage(page, language);
    for (const { scheme, size } of looksAt(widths)) {
      await showLook(page, scheme, size);
      await page.goto('/login/password');
      await expect(
        page.getByRole('button', { name: language === 'fi' ? /Kirjaudu/ : /^Sign in$/ }),
      ).toBeVisible();
      await shoot(page, `signin-${language}-${scheme}-${size.width}`);
    }

    await signInByApi(page, demoUsers.alice, language);
    const inboxUrl = page.url();
    for (const { scheme, size } of looksAt(widths)) {
      await showLook(page, scheme, size);
      await page.goto(inboxUrl);
      const rows = page.getByRole('list').getByRole('listitem');
      await expect(rows.first()).toBeVisible();
      await shoot(page, `mailbox-${language}-${scheme}-${size.width}`);
      await messageRow(page, openedRow).click();
      await expect(page.getByRole('heading', { name: openedHeading })).toBeVisible();
      await shoot(page, `message-${language}-${scheme}-${size.width}`);
    }
  });
}

const accountTexts = {
  fi: { chooseAccount: 'Valitse tili', accountButton: 'Tili: Alice', signedOut: 'Kirjautunut ulos' },
  en: { chooseAccount: 'Choose an account', accountButton: 'Account: Alice', signedOut: 'Signed out' },
} as const;
// Every width in light; dark at the laptop width.
const accountShots = pickLooks([
  ...widths.map((size) => ({ size, scheme: 'light' as const })),
  { size: widths[1]!, scheme: 'dark' as const },
]);

/**
 * The account screens: the open account dropdown (Alice, with Bob as the other account), the user-select page
 * (Bob signed out, as after his session ended) and the password page it leads to for Bob.
 */
for (const language of lookLanguages(['fi', 'en'] as const satisfies UiLanguage[])) {
  test(`account screenshots in ${language}`, async ({ page, context }) => {
    test.setTimeout(120_000);
    const text = accountTexts[language];
    await useLanguage(page, language);
    await signInByApi(page, demoUsers.alice, language);
    await signInByApi(page, demoUsers.bob, language, { userIndex: 1, path: '/u/0' });
    await expect(page).toHaveURL(/\/u\/0\/[^/]+$/);
    const inboxUrl = page.url();

    for (const { size, scheme } of accountShots) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(size);
      await page.goto(inboxUrl);
      await expect(page.getByRole('list').getByRole('listitem').first()).toBeVisible();
      await page.getByRole('button', { name: text.accountButton }).click();
      await expect(page.getByRole('menuitem', { name: /bob@example\.test/ })).toBeVisible();
      await page.waitForTimeout(300); // the menu's grow transition
      await shoot(page, `account-menu-${language}-${scheme}-${size.width}`);
    }

    await context.clearCookies({ name: 'wm_exp_1' });
    for (const { size, scheme } of accountShots) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(size);
      await page.goto('/login');
      const bob = page.getByRole('button', { name: /^Bob/ });
      await expect(bob).toContainText(text.signedOut);
      await shoot(page, `user-select-${language}-${scheme}-${size.width}`);
      await bob.click();
      await expect(page).toHaveURL(/\/login\/password\?email=bob%40example\.test$/);
      await expect(page.getByLabel(labels[language].email, { exact: true })).toHaveValue('bob@example.test');
      await expect(page.getByRole('link', { name: text.chooseAccount })).toBeVisible();
      await shoot(page, `password-${language}-${scheme}-${size.width}`);
    }
  });
}
