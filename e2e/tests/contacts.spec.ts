import { expect, test, type Page } from '@playwright/test';
import { composer } from '../support/compose';
import { avatarPng, contactsPanel } from '../support/contacts';
import { e2eBaseUrl } from '../support/environment';
import { newMailUser } from '../support/mail-user';
import { signIn, useLanguage } from '../support/sign-in';

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
    await signIn(page, user, 'en');
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
    await signIn(page, user, 'en');
    await createContact(page, 'Liisa Korhonen', 'liisa@example.test');
    await createContact(page, 'Pekka Puupää', 'pekka@example.test');
    const row = (name: string) => contactsPanel(page).getByRole('listitem').filter({ hasText: name }).getByRole('button');

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

  test("the panel's collapsed state is saved (1 s after the toggle) and survives a reload", async ({ page }) => {
    const user = newMailUser('contacts-panel');
    await signIn(page, user, 'en');
    const toggle = contactsPanel(page).getByRole('button', { name: 'Contacts', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/u/0/details') && r.request().method() === 'PATCH');
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
    await signIn(page, user, 'en');
    const other = await browser.newContext();
    try {
      const second = await other.newPage();
      await useLanguage(second, 'en');
      await signIn(second, user, 'en');
      // The second browser listens on its own stream (the web's event client is another branch's work).
      await second.evaluate(() => {
        const w = window as unknown as { contactEvents: unknown[] };
        w.contactEvents = [];
        const source = new EventSource('/api/u/0');
        source.onmessage = (e) => w.contactEvents.push(JSON.parse(e.data as string));
      });
      await second.waitForTimeout(500);
      await createContact(page, 'Tapahtuma Testinen', 'tapahtuma@example.test');
      await expect
        .poll(() => second.evaluate(() => (window as unknown as { contactEvents: Array<{ command: string }> }).contactEvents))
        .toContainEqual(expect.objectContaining({ command: 'contactUpdated' }));
      // And the second browser's panel shows it after a refresh.
      await contactsPanel(second).getByRole('button', { name: 'Refresh contacts' }).click();
      await expect(contactsPanel(second).getByRole('listitem').filter({ hasText: 'Tapahtuma Testinen' })).toBeVisible();
    } finally {
      await other.close();
    }
  });
});
