import { expect, test } from '@playwright/test';
import { newMailUser } from '../support/mail-user';
import { day, folderIds, listOf, seed } from '../support/polish-mail';
import { signInByApi, useLanguage } from '../support/sign-in';

/**
 * Issue 13 (polish), acceptance 3: the thread print address of the spec works without a message id; settings
 * addresses of pages this build does not have say so and ask for no folder.
 */
test.describe('polish (issue 13)', () => {
  test('the thread print address of the spec works alone; settings addresses of no page say so', async ({
    page,
  }) => {
    await useLanguage(page, 'en');
    const alice = newMailUser('alice');
    await seed(alice, 'carol@example.test', [{ subject: 'Print me', date: new Date(Date.now() - day) }]);
    await signInByApi(page, alice, 'en');
    const ids = await folderIds(page);
    const [row] = await listOf(page, ids.INBOX!);
    await page.addInitScript(() => {
      window.print = () => {};
    });

    await page.goto(`/u/0/tab/${ids.INBOX}/${row!.thread}/print`);
    await expect(page.getByRole('heading', { level: 1, name: 'Print me' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(`/u/0/tab/${ids.INBOX}/${row!.thread}/print`);

    const mailboxRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/u\/0\/mailbox\/settings\b/.test(request.url())) mailboxRequests.push(request.url());
    });
    for (const address of [
      'settings/forwarding',
      'settings/outgoing',
      'settings/account/avatar',
      'settings/signatures/edit/a/b',
      'settings/contacts/import',
      'settings/security/recovery',
    ]) {
      await page.goto(`/u/0/${address}`);
      await expect(page.getByText('This settings page is not available in this version.')).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(`/u/0/${address}`);
    }
    expect(mailboxRequests).toEqual([]);
  });
});
