import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { e2eBaseUrl, screenshotDir } from '../support/environment';
import { newMailUser, seedFolders, withImap, type MailUser } from '../support/mail-user';
import { messageRow } from '../support/message-rows';
import { shootLooks } from '../support/screenshots';
import { signInByApi, useLanguage, xsrfHeaders } from '../support/sign-in';

const sizes = [
  { width: 360, height: 780 },
  { width: 1440, height: 900 },
] as const;
const phone = (size: { width: number }) => size.width < 600;
const folder = 'ux-items';
const attachmentSubject = 'Vuosikertomus liitteenä';
const attachmentName = 'Vuosikertomus 2026 hallitus.pdf';
const filterNames = [
  'from: ci@example.com build failures of the nightly pipeline',
  'Laskut kirjanpitoon',
  'from: newsletter@long-domain-name.example.org',
];

/** A message with one PDF attachment, appended to the Inbox. */
async function seedAttachment(user: MailUser) {
  const raw = [
    'From: Sender <sender@example.test>',
    `To: ${user.email}`,
    `Subject: ${attachmentSubject}`,
    `Date: ${new Date().toUTCString().replace('GMT', '+0000')}`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Liitteenä vuosikertomus.',
    '--b1',
    `Content-Type: application/pdf; name="${attachmentName}"`,
    `Content-Disposition: attachment; filename="${attachmentName}"`,
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from('%PDF-1.4\n% not a real pdf\n').toString('base64'),
    '--b1--',
    '',
  ].join('\r\n');
  await withImap(user, (client) => client.append('INBOX', Buffer.from(raw)));
}

/** Filters with long names, a two-line signature and a saved search, through the API. */
async function seedSettings(page: Page) {
  const headers = await xsrfHeaders(page);
  for (const name of filterNames) {
    const res = await page.request.post(`${e2eBaseUrl}/api/u/0/filters`, {
      headers,
      data: { name, query: { from: 'ci@example.com' }, action: { seen: true } },
    });
    expect(res.status()).toBe(201);
  }
  const signature = await page.request.post(`${e2eBaseUrl}/api/u/0/signatures`, {
    headers,
    data: { name: 'Työ', html: '<p>Alice Tamm</p><p>Acme Oy</p><p>+358 40 123 4567</p>', default: true },
  });
  expect(signature.ok()).toBe(true);
  const saved = await page.request.post(`${e2eBaseUrl}/api/u/0/search/saved`, {
    headers,
    data: { name: 'Laskut', query: 'lasku' },
  });
  expect(saved.ok()).toBe(true);
}

const shot = (page: Page, name: string, ready: (size: { width: number }) => Promise<void>) =>
  shootLooks(page, `${folder}/${name}`, sizes, ready);

/**
 * The items of the "looks" review, each shot where it shows (fi, 360 and 1440 px, light and dark, checked by eye)
 * under e2e/artifacts/screenshots/ux-items: filter rows with long names, notices after several actions, the
 * General page, the security tabs, the contact dialog, the signature list, an attachment in a thread, select-all
 * and a saved search in the sidebar.
 */
test('ux looks items screenshots (fi)', async ({ page }) => {
  test.setTimeout(300_000);
  mkdirSync(path.join(screenshotDir, folder), { recursive: true });
  await useLanguage(page, 'fi');
  const user = newMailUser('ux-items');
  await seedFolders(user, { INBOX: 4 });
  await seedAttachment(user);
  await signInByApi(page, user, 'fi');
  const home = page.url();
  const settings = (sub: string) => home.replace(/\/u\/0\/.*$/, `/u/0/settings/${sub}`);
  await seedSettings(page);

  const openSettings = async (sub: string) => {
    await page.goto(settings(sub));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  };

  await openSettings('filters');
  const filters = page.getByRole('list', { name: 'Suodattimet' });
  await expect(filters.getByRole('listitem')).toHaveCount(filterNames.length);
  await shot(page, 'filters', async () => {
    await expect(filters.getByText(filterNames[0]!)).toBeVisible();
  });
  // Five notices in a row (each filter moved to the bottom in turn), shot while they show.
  await shot(page, 'filters-notices', async () => {
    for (let i = 0; i < 5; i += 1) {
      const move = filters.getByRole('button', { name: /viimeiseksi$/ }).first();
      const name = ((await move.getAttribute('aria-label')) ?? '').replace(/^Siirrä (.*) viimeiseksi$/, '$1');
      await move.click();
      await page.mouse.move(0, 0); // its tooltip would lie over the next row's buttons
      await expect(
        page.locator('[data-snackbar-type]').filter({ hasText: `${name} siirretty viimeiseksi` }),
      ).toBeVisible();
    }
  });

  await openSettings('general');
  await shot(page, 'general', async () => {
    await expect(page.getByText('Viestin pyyhkäisy')).toBeVisible();
  });
  await openSettings('security/events');
  await shot(page, 'security-events', async () => {
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Toiminta', selected: true })).toBeVisible();
  });
  await openSettings('signatures');
  await shot(page, 'signatures', async () => {
    await expect(page.getByText('Työ')).toBeVisible();
  });
  await openSettings('contacts/contacts');
  await page.getByRole('button', { name: 'Uusi yhteystieto' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await shot(page, 'contact-dialog', async () => {
    await expect(dialog.getByRole('textbox').first()).toBeVisible();
  });
  await page.keyboard.press('Escape');

  // The mail view: select-all's tooltip, an archive notice beside the contacts panel, a saved search.
  await shot(page, 'select-all', async () => {
    await page.goto(home);
    const all = page.getByRole('checkbox', { name: 'Valitse kaikki' });
    await all.click();
    await expect(all).toBeChecked();
  });
  // Each look archives a message of its own (the seeded four are enough for every look), once the list shows that
  // the ones archived before stay archived after the reload: the first answer may be the device's copy, whose rows
  // the server's answer then replaces (a row checked in between would leave the selection as it went).
  const archived: string[] = [];
  await shot(page, 'mail-notice', async (size) => {
    await page.goto(home);
    const subject = `INBOX message ${4 - archived.length}`;
    await expect(messageRow(page, subject)).toBeVisible();
    for (const gone of archived) await expect(messageRow(page, gone)).toHaveCount(0);
    await page.getByRole('checkbox', { name: `Valitse Sender: ${subject}`, exact: true }).check();
    await page
      .getByRole('toolbar', { name: 'Valittujen viestien toiminnot' })
      .getByRole('button', { name: 'Arkistoi' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: '1 viesti arkistoitiin' })).toBeVisible();
    archived.push(subject);
    if (phone(size)) {
      await page.getByRole('button', { name: 'Avaa kansiot' }).click();
      await expect(page.getByRole('link', { name: /^Laskut/ })).toBeVisible();
    }
  });
  await shot(page, 'saved-search', async (size) => {
    await page.goto(home);
    if (phone(size)) await page.getByRole('button', { name: 'Avaa kansiot' }).click();
    await page.getByRole('link', { name: /^Laskut/ }).click();
    if (phone(size)) await page.getByRole('button', { name: 'Avaa kansiot' }).click();
    await expect(page.getByRole('link', { name: /^Laskut/ })).toBeVisible();
  });
  // A thread with an attachment, opened from the list: its subject in view, the file's name whole.
  await shot(page, 'thread-attachment', async (size) => {
    await page.goto(home);
    await messageRow(page, attachmentSubject).click();
    await expect(
      page.getByRole('heading', { level: phone(size) ? 1 : 2, name: attachmentSubject, exact: true }),
    ).toBeInViewport();
    await expect(page.getByText(attachmentName)).toBeVisible();
  });
});
