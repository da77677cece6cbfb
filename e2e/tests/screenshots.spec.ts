import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { demoUsers, screenshotDir } from '../support/environment';
import { signIn, useLanguage, type UiLanguage } from '../support/sign-in';

const widths = [
  { width: 360, height: 780 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];
const schemes = ['light', 'dark'] as const;
// The original quarterly-report mail (a PDF attached, a thread of replies).
const openedRow = /, Kvartaliaruanne Q3 – palun vaata üle, /;
const openedHeading = /^Kvartaliaruanne Q3 – palun vaata üle$/;

async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/**
 * Stores the screens a person sees (checked by eye) as artifacts under e2e/artifacts/screenshots. The
 * assertions make sure each shot shows the finished screen, not a loader or an error.
 */
for (const language of ['fi', 'en'] as const satisfies UiLanguage[]) {
  test(`screenshots in ${language}`, async ({ page }) => {
    test.setTimeout(120_000);
    await useLanguage(page, language);
    for (const scheme of schemes) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const size of widths) {
        await page.setViewportSize(size);
        await page.goto('/login/password');
        await expect(
          page.getByRole('button', { name: language === 'fi' ? /Kirjaudu/ : /^Sign in$/ }),
        ).toBeVisible();
        await shoot(page, `signin-${language}-${scheme}-${size.width}`);
      }
    }

    await signIn(page, demoUsers.alice, language);
    const inboxUrl = page.url();
    for (const scheme of schemes) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const size of widths) {
        await page.setViewportSize(size);
        await page.goto(inboxUrl);
        const rows = page.getByRole('list').getByRole('listitem');
        await expect(rows.first()).toBeVisible();
        await shoot(page, `mailbox-${language}-${scheme}-${size.width}`);
        await page.getByRole('link', { name: openedRow }).click();
        await expect(page.getByRole('heading', { name: openedHeading })).toBeVisible();
        await shoot(page, `message-${language}-${scheme}-${size.width}`);
      }
    }
  });
}
