import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { screenshotDir } from '../support/environment';
import { newMailUser, seedFolders } from '../support/mail-user';
import { messageRow } from '../support/message-rows';
import { looksAt, showLook } from '../support/screenshots';
import { signInByApi, useLanguage } from '../support/sign-in';

const dir = path.join(screenshotDir, 'ux-looks');
const sizes = [
  { width: 360, height: 780 },
  { width: 1440, height: 900 },
] as const;

async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300); // transitions (menus, snackbars, tabs scrolling)
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/**
 * The screens of the "looks" review, checked by eye (fi, 360 and 1440 px, light and dark) under
 * e2e/artifacts/screenshots/ux-looks: the app bar and sidebar, the phone search, the settings pages (general,
 * appearance swatches, filters and contacts when empty, the security tabs), a phone thread and the archive notice.
 */
test('ux looks screenshots (fi)', async ({ page }) => {
  test.setTimeout(300_000);
  mkdirSync(dir, { recursive: true });
  await useLanguage(page, 'fi');
  const user = newMailUser('ux-looks');
  await seedFolders(user, { Projects: 0, INBOX: 6 });
  const newest = 'INBOX message 6';
  await signInByApi(page, user, 'fi');
  const home = page.url();

  for (const { scheme, size } of looksAt(sizes)) {
    await showLook(page, scheme, size);
    const tag = `${scheme}-${size.width}`;
    await page.goto(home);
    await expect(page.getByRole('list', { name: /Viestit kansiossa/ })).toBeVisible();
    await shoot(page, `mail-${tag}`);
    for (const page_ of ['general', 'appearance', 'filters', 'contacts/contacts', 'security/events']) {
      await page.goto(home.replace(/\/u\/0\/.*$/, `/u/0/settings/${page_}`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await shoot(page, `settings-${page_.replace('/', '-')}-${tag}`);
    }
    // A thread (the newest message): opened at its top with the subject in view. The subject is the page's
    // heading (h1) where the thread replaces the list, the reading pane's (h2) beside it.
    await page.goto(home);
    await messageRow(page, newest).click();
    await expect(
      page.getByRole('heading', { level: size.width < 905 ? 1 : 2, name: newest, exact: true }),
    ).toBeInViewport();
    await shoot(page, `thread-${tag}`);
  }
  // The archive notice after archiving the open message (1440, light).
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(sizes[1]);
  await page.goto(home);
  await page
    .getByRole('list', { name: /Viestit kansiossa/ })
    .getByRole('link')
    .first()
    .click();
  await page
    .getByRole('toolbar', { name: 'Viestin toiminnot' })
    .getByRole('button', { name: 'Lisää toimintoja' })
    .click();
  await page.getByRole('menuitem', { name: 'Arkistoi' }).click();
  await shoot(page, 'archive-snackbar-light-1440');
});
