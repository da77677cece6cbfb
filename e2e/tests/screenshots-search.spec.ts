import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { screenshotDir } from '../support/environment';
import { newMailUser } from '../support/mail-user';
import { lookLanguages, looksAt, shootScreen, showLook } from '../support/screenshots';
import { seedSearchMail } from '../support/search-mail';
import { signInByApi, useLanguage, type UiLanguage } from '../support/sign-in';

const widths = [
  { width: 360, height: 780 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];

const text = {
  fi: { bar: 'Hae viesteistä', advanced: 'Näytä hakuasetukset', results: 'Tulokset haulle' },
  en: { bar: 'Search mail', advanced: 'Show search options', results: 'Results for' },
} as const;

async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(200); // transitions (popper, snackbars)
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/**
 * The search bar's three states (closed, quick view with chips and recent searches, advanced view filled from the
 * text) and a results page, also with every result selected, at 360/1024/1440, light and dark, fi and en, under
 * e2e/artifacts/screenshots (checked by eye). Assertions make sure each shot shows the finished screen.
 */
for (const language of lookLanguages(['fi', 'en'] as const satisfies UiLanguage[])) {
  test(`search screenshots in ${language}`, async ({ page }) => {
    test.setTimeout(300_000);
    const user = newMailUser(`search-shots-${language}`);
    await seedSearchMail(user, 60);
    await useLanguage(page, language);
    await signInByApi(page, user, language);
    const l = text[language];
    const bar = page.getByRole('combobox', { name: l.bar });
    // Recent searches for the quick view.
    for (const query of ['from:aino', 'budget', 'bulkword']) {
      await bar.fill(query);
      await bar.press('Enter');
      await expect(page.getByRole('list', { name: `${l.results} ${query}` })).toBeVisible();
    }
    const inbox = page.url().replace(/\/search\?.*$/, '');

    for (const { scheme, size } of looksAt(widths)) {
      await showLook(page, scheme, size);
      const name = (state: string) => `search-${state}-${language}-${scheme}-${size.width}`;
      await page.goto(`${inbox}/`);
      // On a phone the search is a button in the app bar that opens it across the bar.
      if (size.width < 600) await page.getByRole('button', { name: l.bar }).click();
      await expect(bar).toBeVisible();
      await shoot(page, name('closed'));

      await bar.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('button', { name: /bulkword/ }).first()).toBeVisible();
      await shoot(page, name('quick'));

      await bar.fill('from:aino budget larger:1M after:2026-01-01');
      await page.getByRole('button', { name: l.advanced }).click();
      await expect(dialog.getByRole('textbox').first()).toBeVisible();
      await page.mouse.move(0, 0); // no tooltip left from the options button
      await shoot(page, name('advanced'));
      await page.keyboard.press('Escape');

      await bar.fill('bulkword');
      await bar.press('Enter');
      const list = page.getByRole('list', { name: `${l.results} bulkword` });
      await expect(list.getByRole('listitem').first()).toBeVisible();
      await shoot(page, name('results'));
      await page.getByRole('checkbox').first().check();
      await expect(page.getByRole('toolbar').getByText(/60/)).toBeVisible();
      await page.mouse.move(0, 0); // no tooltip left from the checkbox
      await shoot(page, name('results-all'));
    }
  });
}

/**
 * The advanced search's date picker open in Finnish (DD.MM.YYYY, the calendar from its button) at 360 and 1440, light
 * and dark with E2E_LOOKS=all; a day picked from the calendar goes into the query and the advanced view stays open.
 */
test('search date picker screenshots in fi', async ({ page }) => {
  test.setTimeout(120_000);
  const user = newMailUser('search-picker-shots');
  await useLanguage(page, 'fi');
  await signInByApi(page, user, 'fi');
  const l = text.fi;
  const bar = page.getByRole('combobox', { name: l.bar });
  const inbox = page.url();
  for (const { scheme, size } of looksAt(widths.filter((size) => size.width !== 1024))) {
    await showLook(page, scheme, size);
    await page.goto(inbox);
    if (size.width < 600) await page.getByRole('button', { name: l.bar }).click();
    await bar.fill('budjetti after:2026-01-15');
    await page.getByRole('button', { name: l.advanced }).click();
    const form = page.getByRole('dialog', { name: 'Tarkennettu haku' });
    await expect(form.getByRole('group', { name: 'Alkaen' })).toContainText('15.01.2026');
    await form
      .getByRole('button', { name: /^Valitse päivä/ })
      .first()
      .click();
    const calendar = page.getByRole('grid');
    await expect(calendar.getByRole('gridcell', { name: '15' })).toHaveAttribute('aria-selected', 'true');
    await page.mouse.move(0, 0);
    await shootScreen(page, path.join(screenshotDir, `search-date-picker-fi-${scheme}-${size.width}.png`));
    await calendar.getByRole('gridcell', { name: '20' }).click();
    await expect(bar).toHaveValue('budjetti after:2026-01-20');
    await expect(calendar).toBeHidden();
    await expect(form.getByRole('group', { name: 'Alkaen' })).toContainText('20.01.2026');
  }
});
