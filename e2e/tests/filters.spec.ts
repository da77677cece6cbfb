import { expect, test, type Page } from '@playwright/test';
import { lookLanguages, shootAtEachWidth } from '../support/screenshots';
import { deliver } from '../support/live-events';
import { countIn, newMailUser, seedFolders } from '../support/mail-user';
import { listScripts, putActiveScript } from '../support/sieve';
import { signInByApi, useLanguage } from '../support/sign-in';

const filterList = (page: Page) => page.getByRole('list', { name: 'Filters' });
const rows = (page: Page) => filterList(page).getByRole('listitem');

/** New filter through the dialog: a subject criterion and a target folder. */
async function createFilter(page: Page, name: string, subject: string, folder: string) {
  await page.getByRole('button', { name: 'New filter' }).click();
  const dialog = page.getByRole('dialog', { name: 'New filter' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await dialog.getByRole('combobox', { name: 'Move to folder' }).click();
  await page.getByRole('option', { name: folder }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Filter saved')).toBeVisible();
  await expect(rows(page).filter({ hasText: name })).toBeVisible();
}

test('filters: created in settings, file the next delivered message; toggle, move to bottom, mass toggle and delete', async ({
  page,
  context,
}) => {
  test.slow();
  await useLanguage(context, 'en');
  const user = newMailUser('filters');
  await seedFolders(user, { Reports: 0, Travel: 0 });
  const tag = Date.now().toString(36);
  await signInByApi(page, user, 'en', { path: '/u/0/settings/filters' });
  await expect(page.getByText('No filters yet.')).toBeVisible();

  await createFilter(page, 'Reports', `report-${tag}`, 'Reports');
  await deliver(user, `Weekly report-${tag}`);
  await expect.poll(() => countIn(user, 'Reports'), { timeout: 15_000 }).toBe(1);
  expect(await countIn(user, 'INBOX')).toBe(0);

  await createFilter(page, 'Travel', `trip-${tag}`, 'Travel');
  await expect(rows(page)).toHaveText([/^Reports/, /^Travel/]);

  // Switched off, the filter no longer files mail.
  await page.getByRole('switch', { name: 'Filter Reports on' }).click();
  await expect(page.getByText('Reports is off')).toBeVisible();
  await deliver(user, `Second report-${tag}`);
  await expect.poll(() => countIn(user, 'INBOX'), { timeout: 15_000 }).toBe(1);
  expect(await countIn(user, 'Reports')).toBe(1);

  await page.getByRole('button', { name: 'Move Reports to the bottom' }).click();
  await expect(page.getByText('Reports moved to the bottom')).toBeVisible();
  await expect(rows(page)).toHaveText([/^Travel/, /^Reports/]);

  await page.getByRole('checkbox', { name: 'Select all filters' }).check();
  await page.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('2 filters switched off')).toBeVisible();
  await expect(rows(page)).toHaveText([/Off$/, /Off$/]);
  await page.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByText('2 filters switched on')).toBeVisible();
  await expect(rows(page)).toHaveText([/On$/, /On$/]);
  await deliver(user, `Third report-${tag}`);
  await expect.poll(() => countIn(user, 'Reports'), { timeout: 15_000 }).toBe(2);

  // Screenshots of the page, the dialog, forwarding and auto-reply, in Finnish (English too with E2E_LOOKS=all).
  await page.getByRole('checkbox', { name: 'Select all filters' }).uncheck();
  for (const language of lookLanguages(['en', 'fi'] as const)) {
    if (language === 'fi') {
      await page.evaluate(() => window.localStorage.setItem('webmail.language', 'fi'));
      await useLanguage(context, 'fi');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Suodattimet' })).toBeVisible();
    }
    await shootAtEachWidth(page, `filters-page-${language}`);
    await page.getByRole('button', { name: language === 'en' ? 'Edit Reports' : 'Muokkaa: Reports' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shootAtEachWidth(page, `filters-dialog-${language}`);
    await page.keyboard.press('Escape');
    await page.goto('/u/0/settings/autoreply');
    await page.getByRole('textbox', { name: language === 'en' ? 'Subject' : 'Aihe' }).fill('Away');
    await shootAtEachWidth(page, `filters-autoreply-${language}`);
    await page.goto('/u/0/settings/filters');
    await page
      .getByRole('textbox', { name: language === 'en' ? 'Forwarding addresses' : 'Edelleenlähetysosoitteet' })
      .fill('copy@example.test, not-an-address ');
    await page
      .getByRole('heading', { name: language === 'en' ? 'Forwarding' : 'Edelleenlähetys' })
      .scrollIntoViewIfNeeded();
    await shootAtEachWidth(page, `filters-forwarding-${language}`);
  }
  await useLanguage(context, 'en');
  await page.evaluate(() => window.localStorage.setItem('webmail.language', 'en'));
  await page.reload();

  await page.getByRole('checkbox', { name: 'Select all filters' }).check();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete 2 filters?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('2 filters deleted')).toBeVisible();
  await expect(page.getByText('No filters yet.')).toBeVisible();
});

test('filters: a script another ManageSieve client made active is not replaced without the user’s yes', async ({
  page,
  context,
}) => {
  await useLanguage(context, 'en');
  const user = newMailUser('foreign');
  const foreign = 'require "fileinto";\r\nif header :contains "subject" "x" { fileinto "Trash"; }\r\n';
  await putActiveScript(user, 'roundcube', foreign);
  await seedFolders(user, { Reports: 0 });
  await signInByApi(page, user, 'en', { path: '/u/0/settings/filters' });
  await expect(
    page.getByText("Another program's filters (roundcube) are active on the mail server."),
  ).toBeVisible();

  // A filter made meanwhile is kept but does not replace the other program's script.
  await createFilter(page, 'Reports', 'report', 'Reports');
  expect(await listScripts(user)).toContainEqual({ name: 'roundcube', active: true });

  // Asked, and told no: nothing changes.
  await page.getByRole('button', { name: 'Use these filters instead' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Use these filters instead?' });
  await expect(ask).toContainText('The filters of the other program (roundcube) stop running.');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  expect(await listScripts(user)).toContainEqual({ name: 'roundcube', active: true });

  // Asked, and told yes: ours runs, theirs stays on the server.
  await page.getByRole('button', { name: 'Use these filters instead' }).click();
  await ask.getByRole('button', { name: 'Use these filters instead' }).click();
  await expect(page.getByText('These filters are now in use')).toBeVisible();
  await expect(page.getByText("Another program's filters (roundcube)")).toBeHidden();
  const scripts = await listScripts(user);
  expect(scripts).toContainEqual({ name: 'roundcube', active: false });
  expect(scripts).toContainEqual({ name: 'webmail', active: true });
});
