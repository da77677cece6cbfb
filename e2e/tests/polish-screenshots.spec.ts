import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { screenshotDir } from '../support/environment';
import { newMailUser, seedFolders } from '../support/mail-user';
import { day, seed, seedConversation } from '../support/polish-mail';
import { signInByApi } from '../support/sign-in';

/**
 * Issue 13 (polish): screenshots (e2e/artifacts/screenshots/polish-*.png) of the storage bar, the selection header,
 * the phone compose button, a conversation row and the folder settings rows at 360 and 1440 px in English and Russian.
 */

/** English and Russian at 1440 and 360 px: the language stored for the next page load, the viewport set. */
async function forEachShot(page: Page, shoot: (language: 'en' | 'ru', width: number) => Promise<void>) {
  for (const language of ['en', 'ru'] as const) {
    await page.evaluate((lang) => window.localStorage.setItem('webmail.language', lang), language);
    for (const width of [1440, 360]) {
      await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
      await shoot(language, width);
    }
  }
}

test.describe('polish (issue 13)', () => {
  test('screenshots: the storage bar, the selection header and the phone compose button at 360 and 1440 px, English and Russian', async ({
    page,
  }) => {
    const alice = newMailUser('alice');
    await seed(alice, 'carol@example.test', [
      { subject: 'Hello', date: new Date(Date.now() - day) },
      { subject: 'Agenda', date: new Date(Date.now() - 2 * day) },
    ]);
    await signInByApi(page, alice, 'fi');
    await forEachShot(page, async (language, width) => {
      await page.goto('/u/0');
      const rows = page.getByRole('list', { name: /Inbox|Входящие/ }).getByRole('checkbox');
      await expect(rows).toHaveCount(2);
      if (width === 360) {
        await page.screenshot({ path: path.join(screenshotDir, `polish-list-${width}-${language}.png`) });
        await page
          .getByRole('button', { name: language === 'en' ? 'Open folders' : 'Открыть папки' })
          .click();
        await page.waitForTimeout(400); // the drawer's slide-in
      }
      await expect(page.getByRole('progressbar').first()).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: path.join(screenshotDir, `polish-storage-${width}-${language}.png`) });
      if (width === 360) await page.keyboard.press('Escape');
      await page.waitForTimeout(300);
      await rows.nth(0).click();
      await rows.nth(1).click();
      await expect(page.getByRole('toolbar').first()).toBeVisible();
      await page.screenshot({
        path: path.join(screenshotDir, `polish-selection-${width}-${language}.png`),
      });
    });
  });

  test('screenshots: a conversation row with its participants and the folder settings rows at 360 and 1440 px, English and Russian', async ({
    page,
  }) => {
    const alice = newMailUser('alice');
    await seedConversation(alice);
    await seedFolders(alice, { 'Long project folder name': 25 });
    await signInByApi(page, alice, 'fi');
    // Conversations, chosen in the list header and stored with the account (saved after the settings debounce).
    const stored = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().endsWith('/config'),
    );
    await page.getByRole('button', { name: 'Keskustelut' }).click();
    expect((await stored).status()).toBe(200);
    await forEachShot(page, async (language, width) => {
      await page.goto('/u/0');
      const plans = page
        .getByRole('list', { name: /Inbox|Входящие/ })
        .getByRole('listitem')
        .filter({ hasText: 'Plans' });
      await expect(plans).toContainText(language === 'en' ? 'Bob, me' : 'Bob, я');
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({
        path: path.join(screenshotDir, `polish-conversation-${width}-${language}.png`),
      });
      await page.goto('/u/0/settings/folders');
      await expect(page.locator('[data-folder-details]').first()).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({
        path: path.join(screenshotDir, `polish-folder-settings-${width}-${language}.png`),
      });
      await page.goto('/u/0/settings/general');
      await expect(page.getByRole('combobox').nth(1)).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({
        path: path.join(screenshotDir, `polish-general-swipe-${width}-${language}.png`),
      });
    });
  });
});
