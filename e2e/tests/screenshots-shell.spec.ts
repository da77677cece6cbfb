import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { screenshotDir } from '../support/environment';
import { newMailUser } from '../support/mail-user';
import { lookLanguages, looksAt, showLook } from '../support/screenshots';
import { signInOnTourServer, startTourServer, type TourServer } from '../support/onboarding';
import { signInByApi, useLanguage, type UiLanguage } from '../support/sign-in';

const phone = { width: 360, height: 780 };
const desktopSizes = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];
const languages = lookLanguages<UiLanguage>(['fi', 'en']);

async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/** What the page shows now at each width and scheme ({@link looksAt}; no reload: the drawer or the tour stays open). */
async function shootAll(page: Page, name: string, sizes: readonly { width: number; height: number }[]) {
  for (const { scheme, size } of looksAt(sizes)) {
    await showLook(page, scheme, size);
    // The tour's spotlight and tooltip follow the new layout.
    await page.waitForTimeout(400);
    await shoot(page, `${name}-${scheme}-${size.width}`);
  }
}

const texts = {
  fi: {
    quick: 'Pika-asetukset',
    start: 'Aloita esittely',
    next: 'Seuraava',
    welcome: 'Tervetuloa – Webmail',
  },
  en: { quick: 'Quick settings', start: 'Start the tour', next: 'Next', welcome: 'Welcome to Webmail' },
} as const;

const tourSteps = ['intro', 'folders', 'quick-settings', 'all-settings', 'security'];

/** The quick-settings drawer at 360/1024/1440, the welcome modal and each tour step at 1024/1440; light and dark, fi and en. */
test.describe('shell screenshots', () => {
  let server: TourServer;
  test.beforeAll(async () => {
    server = await startTourServer('tour-shots', 2);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  for (const language of languages) {
    test(`quick settings drawer (${language})`, async ({ page }) => {
      await useLanguage(page, language);
      await page.setViewportSize(desktopSizes[0]!);
      await signInByApi(page, newMailUser('shots-quick'), language);
      await page.getByRole('button', { name: texts[language].quick }).click();
      await expect(page.getByRole('dialog', { name: texts[language].quick })).toBeVisible();
      await shootAll(page, `shell-quick-settings-${language}`, [phone, ...desktopSizes]);
    });

    test(`welcome modal and tour steps (${language})`, async ({ page }) => {
      test.setTimeout(180_000);
      await useLanguage(page, language);
      await page.setViewportSize(desktopSizes[0]!);
      await signInOnTourServer(page, server, newMailUser('shots-tour'), language);
      const welcome = page.getByRole('dialog', { name: texts[language].welcome });
      await expect(welcome).toBeVisible();
      await shootAll(page, `shell-welcome-${language}`, desktopSizes);
      await welcome.getByRole('button', { name: texts[language].start }).click();
      for (const [i, step] of tourSteps.entries()) {
        const dialog = page.getByRole('alertdialog');
        await expect(dialog).toBeVisible();
        await expect(dialog.getByText(new RegExp(`${i + 1}\\D+5`))).toBeVisible();
        await shootAll(page, `shell-tour-${i + 1}-${step}-${language}`, desktopSizes);
        if (i < tourSteps.length - 1)
          await dialog.getByRole('button', { name: texts[language].next }).click();
      }
    });
  }
});
