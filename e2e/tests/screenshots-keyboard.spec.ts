import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { screenshotDir } from '../support/environment';
import { newMailUser, plainMessage, withImap } from '../support/mail-user';
import { messageRow } from '../support/message-rows';
import { looksAt } from '../support/screenshots';
import { signInByApi, useLanguage } from '../support/sign-in';

const dir = path.join(screenshotDir, 'keyboard');
const sizes = [
  { width: 360, height: 780 },
  { width: 1440, height: 900 },
] as const;

async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  // Every transition over (the picker's menu, the focus ring), so the shot shows the settled state.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/**
 * The keyboard parts checked by eye (fi; light at 1440 and dark at 360 px, every look with E2E_LOOKS=all) under
 * e2e/artifacts/screenshots/keyboard: the skip link on the first Tab, the focus ring of the row it leads to, and the
 * move-to picker opened with `v`.
 */
test('keyboard screenshots: skip link, focus ring, move-to picker (fi)', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(dir, { recursive: true });
  await useLanguage(page, 'fi');
  const user = newMailUser('kb-shots');
  await withImap(user, async (client) => {
    await client.mailboxCreate('Projektit');
    await client.mailboxCreate('Kuitit');
    for (const [i, subject] of ['Budjettiluonnos', 'Lounas perjantaina'].entries())
      await client.append(
        'INBOX',
        plainMessage({
          from: 'Maija Meikäläinen <maija@example.test>',
          to: user.email,
          subject,
          date: new Date(Date.now() - (2 - i) * 60_000),
        }),
      );
  });
  await signInByApi(page, user, 'fi');
  const home = page.url();

  for (const { scheme, size } of looksAt(sizes)) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize(size);
    const tag = `${scheme}-${size.width}`;
    await page.goto(home);
    await expect(messageRow(page, 'Lounas perjantaina')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Siirry viesteihin' })).toBeFocused();
    await shoot(page, `skip-link-fi-${tag}`);
    await page.keyboard.press('Enter');
    await expect(messageRow(page, 'Lounas perjantaina')).toBeFocused();
    await shoot(page, `focus-ring-row-fi-${tag}`);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Lounas perjantaina' })).toBeVisible();
    await page.keyboard.press('v');
    await expect(page.getByRole('listbox', { name: 'Siirrä kansioon…' })).toBeVisible();
    await shoot(page, `move-picker-fi-${tag}`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
  }
});
