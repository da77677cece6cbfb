import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { addRecipients, composer, messagesIn, openComposer } from '../support/compose';
import { screenshotDir } from '../support/environment';
import { countIn, newMailUser, plainMessage, withImap } from '../support/mail-user';
import { lookLanguages, looksAt, showLook, settleLook } from '../support/screenshots';
import { signInByApi, useLanguage } from '../support/sign-in';
import { messageRow } from '../support/message-rows';

const signatureList = (page: Page) => page.getByRole('list', { name: 'Signatures' });
const row = (page: Page, name: string) => signatureList(page).getByRole('listitem').filter({ hasText: name });

/** New signature through the settings page: name, text typed into the editor, the default box as given. */
async function createSignature(page: Page, name: string, text: string, makeDefault: boolean) {
  await page.getByRole('link', { name: 'New signature' }).click();
  await expect(page).toHaveURL(/\/settings\/signatures\/edit$/);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Signature text' }).click();
  await page.keyboard.type(text);
  const box = page.getByRole('checkbox', { name: 'Use as the default signature' });
  if ((await box.isChecked()) !== makeDefault) await box.click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/settings\/signatures$/);
  await expect(row(page, name)).toBeVisible();
}

/** The composer's body text, its lines in order. */
const bodyText = async (page: Page) => (await composer.body(page).innerText()).replace(/\s+/g, ' ');

/** Opens the message and starts Reply or Forward from its toolbar (or its menu when the pane is narrow). */
async function answer(page: Page, subject: string, action: 'Reply' | 'Forward') {
  await page.goto('/u/0');
  await messageRow(page, subject).click();
  await expect(page.getByRole('heading', { name: subject, exact: true })).toBeVisible();
  const toolbar = page
    .locator('article[aria-current="true"]')
    .getByRole('toolbar', { name: 'Message actions' });
  const button = toolbar.getByRole('link', { name: action, exact: true });
  if (await button.isVisible()) await button.click();
  else {
    await toolbar.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: action, exact: true }).click();
  }
  await expect(page).toHaveURL(/\/compose\/[0-9a-f-]{36}$/);
}

test.describe('signatures', () => {
  test.beforeEach(async ({ context }) => {
    await useLanguage(context, 'en');
  });

  test('two signatures, the default switched (another tab follows), new mail, reply and forward get it, the menu swaps it keeping the text, and it is delivered', async ({
    page,
    context,
  }) => {
    // One send waits out the server's undo window.
    test.slow();
    const alice = newMailUser('alice');
    const bob = newMailUser('bob');
    const subject = `Lunch ${Date.now().toString(36)}`;
    await withImap(alice, (client) =>
      client.append(
        'INBOX',
        plainMessage({ from: `Bob <${bob.email}>`, to: alice.email, subject, body: 'Lunch at noon?' }),
      ),
    );

    await signInByApi(page, alice, 'en', { path: '/u/0/settings/signatures' });
    await expect(page.getByText('No signatures yet.')).toBeVisible();
    await createSignature(page, 'Work', 'Best regards, Alice at Work', true);
    await createSignature(page, 'Home', 'Cheers, Alice', false);
    await expect(row(page, 'Work')).toContainText('Default');
    await expect(row(page, 'Home')).not.toContainText('Default');

    // Another tab of the same user shows the switch of the default (the live event).
    const other = await context.newPage();
    await other.goto('/u/0/settings/signatures');
    await expect(row(other, 'Work')).toContainText('Default');
    await row(page, 'Home').getByRole('button', { name: 'Make default' }).click();
    await expect(page.getByText('Home is now the default signature')).toBeVisible();
    await expect(row(other, 'Home')).toContainText('Default');
    await expect(row(other, 'Work')).not.toContainText('Default');
    await other.close();
    // And it stays after a reload.
    await page.reload();
    await expect(row(page, 'Home')).toContainText('Default');

    // A reply and a forward get the default above the quote.
    for (const action of ['Reply', 'Forward'] as const) {
      await answer(page, subject, action);
      await expect(composer.body(page)).toContainText('Cheers, Alice');
      const text = await bodyText(page);
      expect(text.indexOf('Cheers, Alice')).toBeLessThan(text.indexOf('Lunch at noon?'));
      expect(text.indexOf('Cheers, Alice')).toBeGreaterThan(-1);
      await page.getByRole('button', { name: 'Close' }).click();
    }

    // New mail: the default; the menu swaps it, the typed words stay; it is sent as shown.
    await page.goto('/u/0');
    await openComposer(page);
    await expect(composer.body(page)).toContainText('Cheers, Alice');
    await addRecipients(page, 'To', [bob.email]);
    await composer.subject(page).fill(`Signed ${subject}`);
    await composer.body(page).click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('See you at noon.');
    await page.getByRole('button', { name: 'Signature' }).click();
    await page.getByRole('menuitem', { name: 'Work' }).click();
    await expect(composer.body(page)).toContainText('Best regards, Alice at Work');
    await expect(composer.body(page)).not.toContainText('Cheers, Alice');
    const text = await bodyText(page);
    expect(text.indexOf('See you at noon.')).toBe(0);
    await composer.send(page).click();

    await expect.poll(() => countIn(bob, 'INBOX'), { timeout: 30_000 }).toBe(1);
    const delivered = await simpleParser((await messagesIn(bob, 'INBOX'))[0]!.source);
    expect(delivered.text).toMatch(/See you at noon\.[\s\S]*Best regards, Alice at Work/);
    expect(delivered.text).not.toContain('Cheers');
    expect(String(delivered.html)).toContain('Best regards, Alice at Work');
  });
});

test('signature page screenshots', async ({ page }) => {
  test.setTimeout(180_000);
  const user = newMailUser('sigshots');
  // The language is switched between the shots: stored on the page, not fixed by a context init script.
  await page.goto('/login/password');
  await page.evaluate(() => window.localStorage.setItem('webmail.language', 'en'));
  await signInByApi(page, user, 'en', { path: '/u/0/settings/signatures' });
  await createSignature(page, 'Work', 'Best regards, Alice Example — Example Ltd, +358 40 123 4567', true);
  await createSignature(page, 'Home', 'Cheers, Alice', false);
  const widths = [
    { width: 360, height: 780 },
    { width: 1024, height: 768 },
    { width: 1440, height: 900 },
  ];
  for (const language of lookLanguages(['en', 'fi'] as const)) {
    await page.evaluate((lang) => window.localStorage.setItem('webmail.language', lang), language);
    for (const [name, target] of [
      ['signatures', '/u/0/settings/signatures'],
      ['signature-edit', null],
    ] as const) {
      if (target) await page.goto(target);
      else {
        await page.goto('/u/0/settings/signatures');
        await page.getByRole('listitem').filter({ hasText: 'Work' }).getByRole('link').click();
      }
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      for (const { scheme, size } of looksAt(widths)) {
        await showLook(page, scheme, size);
        await page.mouse.move(0, 0);
        // The colours' transitions after a scheme change have run, the fonts are in.
        await settleLook(page);
        await page.screenshot({
          path: path.join(screenshotDir, `${name}-${language}-${scheme}-${size.width}.png`),
        });
      }
    }
  }
});
