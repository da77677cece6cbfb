import { expect, test } from '@playwright/test';
import { countIn, newMailUser, withImap } from '../support/mail-user';
import { signIn, useLanguage } from '../support/sign-in';

test.describe('compose', () => {
  test.beforeEach(async ({ context }) => {
    await useLanguage(context, 'en');
  });

  test('alice writes to bob with an attachment and a non-ASCII subject; bob gets it, Sent keeps a copy', async ({
    page,
  }) => {
    const alice = newMailUser('alice');
    const bob = newMailUser('bob');
    const subject = 'Tervehdys – Привет – õun';
    await signIn(page, alice, 'en');
    await page.getByRole('link', { name: 'Compose' }).click();
    await expect(page).toHaveURL(/\/compose/);

    await page.getByRole('combobox', { name: 'To' }).fill(bob.email);
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await page.getByRole('textbox', { name: 'Message body' }).fill('Hello Bob, the report is attached.');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach files' }).click();
    await (
      await chooser
    ).setFiles({ name: 'Raport õhtu.txt', mimeType: 'text/plain', buffer: Buffer.from('numbers: 1 2 3\n') });
    await expect(page.getByRole('button', { name: 'Remove Raport õhtu.txt' })).toBeVisible();
    await page.getByRole('button', { name: /^Send/ }).click();

    await expect.poll(() => countIn(bob, 'INBOX'), { timeout: 30_000 }).toBe(1);
    const received = await withImap(bob, async (client) => {
      await client.mailboxOpen('INBOX');
      const message = await client.fetchOne('*', { envelope: true, bodyStructure: true, source: true });
      if (!message) throw new Error('no message');
      return message;
    });
    expect(received.envelope?.subject).toBe(subject);
    expect(received.source?.toString('latin1')).toMatch(/filename\*(0\*)?=utf-8''Raport%20%C3%B5htu/i);
    const names = JSON.stringify(received.bodyStructure);
    expect(names).toContain('Raport õhtu.txt');
    await expect.poll(() => countIn(alice, 'Sent'), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => countIn(alice, 'Drafts')).toBe(0);

    // Back in the mailbox, the list shows its rows.
    await page.goto('/u/0');
    await page.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: /^Sent/ }).click();
    await expect(page.getByRole('list', { name: /Messages in/ }).getByRole('listitem')).toHaveCount(1);
  });
});
