import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { composer } from '../support/compose';
import { avatarPng, contactsPanel, importFixture } from '../support/contacts';
import { e2eBaseUrl, repoRoot } from '../support/environment';
import { newMailUser } from '../support/mail-user';
import { lookLanguages, screenshotWidths, shootLooks } from '../support/screenshots';
import { signInByApi, useLanguage, type UiLanguage } from '../support/sign-in';

/** Opens the panel's menu and picks an entry. */
async function panelMenu(page: Page, entry: string) {
  await contactsPanel(page).getByRole('button', { name: 'Contacts menu' }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

async function createContact(page: Page, name: string, email: string, avatar?: Buffer) {
  await panelMenu(page, 'New contact');
  const dialog = page.getByRole('dialog', { name: 'New contact' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'E-mail 1' }).fill(email);
  if (avatar) {
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByText('Choose image').click();
    await (await chooser).setFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: avatar });
    await expect(dialog.getByRole('button', { name: 'Remove image' })).toBeVisible();
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(contactsPanel(page).getByRole('listitem').filter({ hasText: name })).toBeVisible();
}

test.describe('contacts', () => {
  test.beforeEach(async ({ page }) => {
    await useLanguage(page, 'en');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test('a contact with an avatar and a group of two; typing part of the group name in To inserts both members', async ({
    page,
  }) => {
    const user = newMailUser('contacts');
    await signInByApi(page, user, 'en');
    await createContact(page, 'Anna Aalto', 'anna.aalto@example.test', avatarPng);
    await createContact(page, 'Pertti Pohjola', 'pertti@example.test');

    // The avatar is the uploaded image, served resized by the server.
    const anna = contactsPanel(page).getByRole('listitem').filter({ hasText: 'Anna Aalto' });
    await expect(anna.locator('img')).toHaveAttribute('src', /\/api\/u\/0\/contacts\/[^/]+\/avatar\?v=/);
    const avatar = await page.request.get(e2eBaseUrl + (await anna.locator('img').getAttribute('src'))!);
    expect(avatar.headers()['content-type']).toBe('image/png');

    await panelMenu(page, 'New group');
    const form = page.getByRole('dialog', { name: 'New group' });
    await form.getByRole('textbox', { name: 'Group name' }).fill('Sulkapallo torstaisin');
    const members = form.getByRole('combobox', { name: 'Members' });
    for (const name of ['Anna', 'Pertti']) {
      await members.fill(name);
      await page.getByRole('option', { name: new RegExp(name) }).click();
    }
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();

    await page.getByRole('link', { name: 'Compose' }).click();
    const to = composer.field(page, 'To');
    // A contact's address, typed in part, is offered (address books come before the recent parties).
    await to.fill('aalto');
    await expect(page.getByRole('option', { name: /Anna Aalto.*anna\.aalto@example\.test/ })).toBeVisible();
    await to.fill('sulka');
    const option = page.getByRole('option', { name: /Sulkapallo torstaisin/ });
    await expect(option).toContainText('Group of 2 members');
    await option.click();
    await expect(page.getByRole('button', { name: 'Anna Aalto <anna.aalto@example.test>' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pertti Pohjola <pertti@example.test>' })).toBeVisible();
  });

  test('the details write e-mail to a contact; a contact dragged from the panel onto To becomes a recipient', async ({
    page,
  }) => {
    const user = newMailUser('contacts-dnd');
    await signInByApi(page, user, 'en');
    await createContact(page, 'Liisa Korhonen', 'liisa@example.test');
    await createContact(page, 'Pekka Puupää', 'pekka@example.test');
    const row = (name: string) =>
      contactsPanel(page).getByRole('listitem').filter({ hasText: name }).getByRole('button');

    await row('Liisa Korhonen').click();
    const details = page.getByRole('dialog', { name: /Liisa Korhonen/ });
    await expect(details.getByRole('link', { name: 'liisa@example.test' })).toBeVisible();
    await details.getByRole('link', { name: 'Write e-mail' }).click();
    await expect(page).toHaveURL(/\/compose/);
    await expect(page.getByRole('button', { name: 'Liisa Korhonen <liisa@example.test>' })).toBeVisible();

    await row('Pekka Puupää').dragTo(composer.field(page, 'To'));
    await expect(page.getByRole('button', { name: 'Pekka Puupää <pekka@example.test>' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Liisa Korhonen <liisa@example.test>' })).toBeVisible();
  });

  test("the panel's collapsed state is saved (1 s after the toggle) and survives a reload", async ({
    page,
  }) => {
    const user = newMailUser('contacts-panel');
    await signInByApi(page, user, 'en');
    const toggle = contactsPanel(page).getByRole('button', { name: 'Contacts', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The panel's save: a new account's first page also saves the browser's time zone (another PATCH of the details).
    const saved = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/u/0/details') &&
        r.request().method() === 'PATCH' &&
        'showContactList' in (r.request().postDataJSON() as object),
    );
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect((await saved).request().postDataJSON()).toEqual({ showContactList: false });
    await page.reload();
    await expect(contactsPanel(page).getByRole('button', { name: 'Contacts', exact: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(contactsPanel(page).getByRole('textbox', { name: 'Search contacts' })).toHaveCount(0);
  });

  test('a contact made in one browser reaches the event stream of another', async ({ page, browser }) => {
    const user = newMailUser('contacts-live');
    await signInByApi(page, user, 'en');
    const other = await browser.newContext();
    try {
      const second = await other.newPage();
      await useLanguage(second, 'en');
      await signInByApi(second, user, 'en');
      // The second browser listens on its own stream (the web's event client is another branch's work).
      await second.evaluate(() => {
        const w = window as unknown as { contactEvents: unknown[] };
        w.contactEvents = [];
        const source = new EventSource('/api/u/0');
        source.onmessage = (e) => w.contactEvents.push(JSON.parse(e.data as string));
      });
      const events = () =>
        second.evaluate(
          () => (window as unknown as { contactEvents: Array<{ command: string }> }).contactEvents,
        );
      // The stream is registered before the server says "connected": from then on no event can be missed.
      await expect.poll(events).toContainEqual(expect.objectContaining({ command: 'connected' }));
      await createContact(page, 'Tapahtuma Testinen', 'tapahtuma@example.test');
      await expect.poll(events).toContainEqual(expect.objectContaining({ command: 'contactUpdated' }));
      // And the second browser's panel shows it after a refresh.
      await contactsPanel(second).getByRole('button', { name: 'Refresh contacts' }).click();
      await expect(
        contactsPanel(second).getByRole('listitem').filter({ hasText: 'Tapahtuma Testinen' }),
      ).toBeVisible();
    } finally {
      await other.close();
    }
  });
});

/** The interface texts of the contacts namespace (and the app's), as the app shows them in `language`. */
function textsOf(language: UiLanguage) {
  const read = (ns: string) =>
    JSON.parse(
      readFileSync(path.join(repoRoot, `packages/web/src/locales/${language}/${ns}.json`), 'utf8'),
    ) as Record<string, Record<string, string | Record<string, string>>>;
  const contacts = read('contacts');
  const common = read('common');
  const get = (object: Record<string, unknown>, key: string) =>
    key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], object) as string;
  return { c: (key: string) => get(contacts, key), openSidebar: get(common, 'layout.openSidebar') };
}

/** An open dialog shot at each width, light and dark. */
async function shootDialog(page: Page, name: string, dialog: Locator) {
  await shootLooks(page, name, screenshotWidths, async () => {
    await expect(dialog).toBeVisible();
  });
}

/**
 * Screenshots (checked by eye) under e2e/artifacts/screenshots: the panel, each dialog and the three settings
 * pages at 360/1024/1440 px, light and dark, in Finnish and English, for an account holding the server tests'
 * vCard fixtures (Finnish and Russian names, photos, groups).
 */
for (const language of lookLanguages(['fi', 'en'] as const satisfies UiLanguage[])) {
  test(`contacts screenshots in ${language}`, async ({ page }) => {
    test.setTimeout(600_000);
    const { c, openSidebar } = textsOf(language);
    await useLanguage(page, language);
    const user = newMailUser(`contacts-shots-${language}`);
    await signInByApi(page, user, language);
    for (const name of ['contacts-v3.vcf', 'contacts-v4.vcf', 'google.csv']) await importFixture(page, name);
    const inbox = new URL(page.url()).pathname;
    const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });
    const settings = (section: string) => `/u/0/settings/contacts/${section}`;

    const look = (name: string) => `contacts-${name}-${language}`;

    await shootLooks(page, look('panel'), screenshotWidths, async (size) => {
      await page.goto(inbox);
      if (size.width < 905) await page.getByRole('button', { name: openSidebar }).click();
      await expect(contactsPanel(page, c('panel.title')).getByRole('listitem').first()).toBeVisible();
    });

    await page.goto(settings('addressbooks'));
    const books = page.getByRole('list', { name: c('settings.tabs.addressBooks') });
    await shootLooks(page, look('settings-addressbooks'), screenshotWidths, async () => {
      await expect(books.getByRole('listitem').first()).toBeVisible();
    });
    await page.getByRole('button', { name: c('menu.import') }).click();
    await shootDialog(page, look('dialog-import'), dialog(c('import.title')));
    await page.keyboard.press('Escape');

    await page.goto(settings('contacts'));
    const table = page.getByRole('list', { name: c('settings.tabs.contacts') });
    await expect(table.getByRole('listitem').first()).toBeVisible();
    await table.getByRole('listitem').nth(1).getByRole('button').first().click();
    await table.getByRole('listitem').nth(3).getByRole('button').first().click();
    await shootLooks(page, look('settings-contacts'), screenshotWidths, async () => {
      await expect(table.getByRole('listitem').first()).toBeVisible();
    });
    await page.getByRole('button', { name: c('menu.newContact') }).click();
    await shootDialog(page, look('dialog-contact-form'), dialog(c('form.titleNew')));
    await page.keyboard.press('Escape');
    const anna = table.getByRole('listitem').filter({ hasText: 'Анна Петрова' });
    await anna.getByRole('button').nth(1).click();
    const details = dialog(/Анна Петрова/);
    await shootLooks(page, look('dialog-contact-details'), screenshotWidths, async () => {
      await expect(details.locator('img').first()).toBeVisible();
    });
    await details.getByRole('button', { name: c('details.edit') }).click();
    await shootDialog(page, look('dialog-contact-form-edit'), dialog(c('form.titleEdit')));
    await page.keyboard.press('Escape');
    await anna.getByRole('button').nth(1).click();
    await dialog(/Анна Петрова/)
      .getByRole('button', { name: c('details.delete') })
      .click();
    await shootDialog(page, look('dialog-contact-delete'), page.getByRole('alertdialog'));
    await page.keyboard.press('Escape');

    await page.goto(settings('groups'));
    const groups = page.getByRole('list', { name: c('settings.tabs.groups') });
    await shootLooks(page, look('settings-groups'), screenshotWidths, async () => {
      await expect(groups.getByRole('button').first()).toBeVisible();
    });
    await page.getByRole('button', { name: c('menu.newGroup') }).click();
    await shootDialog(page, look('dialog-group-form'), dialog(c('group.titleNew')));
    await page.keyboard.press('Escape');
    await groups.getByRole('button').first().click();
    const group = page.getByRole('dialog');
    await shootLooks(page, look('dialog-group-details'), screenshotWidths, async () => {
      await expect(group.getByRole('listitem').first()).toBeVisible();
    });
    await group.getByRole('button', { name: c('details.delete') }).click();
    await shootDialog(page, look('dialog-delete-confirm'), page.getByRole('alertdialog'));
    await page.keyboard.press('Escape');
  });
}
