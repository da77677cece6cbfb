import { expect, test } from '@playwright/test';
import { e2eBaseUrl } from '../support/environment';
import { newMailUser, type MailUser } from '../support/mail-user';
import { searchInBar } from '../support/search-bar';
import { imapTruth, seedSearchMail } from '../support/search-mail';
import { signInByApi, useLanguage, xsrfHeaders } from '../support/sign-in';

test.describe('search in Chromium', () => {
  let user: MailUser;

  test.beforeAll(async () => {
    user = newMailUser('search-e2e');
    await seedSearchMail(user, 0);
  });

  test('keeps the last five searches, deletes one (a 404 too), and shows a saved search with its unread count', async ({
    page,
  }) => {
    await useLanguage(page, 'en');
    await signInByApi(page, user, 'en');
    for (const q of ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'budget']) await searchInBar(page, q);
    const bar = page.getByRole('combobox', { name: 'Search mail' });
    await bar.click();
    const quick = page.getByRole('dialog', { name: 'Search options' });
    for (const q of ['budget', 'epsilon', 'delta', 'gamma', 'beta']) {
      await expect(quick.getByRole('button', { name: `Remove “${q}” from recent searches` })).toBeVisible();
    }
    await expect(quick.getByRole('button', { name: 'Remove “alpha” from recent searches' })).toHaveCount(0);

    await quick.getByRole('button', { name: 'Remove “beta” from recent searches' }).click();
    await expect(page.getByText('Recent search deleted')).toBeVisible();
    await expect(quick.getByRole('button', { name: 'Remove “beta” from recent searches' })).toHaveCount(0);

    // Gone already (another tab deleted it): the 404 counts as deleted.
    const recent = (await (await page.request.get(`${e2eBaseUrl}/api/u/0/search/recentSearches`)).json()) as {
      recentSearches: Array<{ id: string; search_query: string }>;
    };
    const gamma = recent.recentSearches.find((r) => r.search_query === 'gamma')!;
    const first = await page.request.delete(`${e2eBaseUrl}/api/u/0/search/recentSearches/${gamma.id}`, {
      headers: await xsrfHeaders(page),
    });
    expect(first.status()).toBe(200);
    const answer = page.waitForResponse((r) => r.url().endsWith(`/recentSearches/${gamma.id}`));
    await quick.getByRole('button', { name: 'Remove “gamma” from recent searches' }).click();
    expect((await answer).status()).toBe(404);
    await expect(quick.getByRole('button', { name: 'Remove “gamma” from recent searches' })).toHaveCount(0);
    await expect(page.getByText('Recent search deleted')).toBeVisible();
    await page.keyboard.press('Escape');

    await searchInBar(page, 'budget');
    await page.getByRole('button', { name: 'Save search' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Budget mail');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const unread = (await imapTruth(user, { text: 'budget', seen: false })).length;
    await expect(page.getByRole('link', { name: `Budget mail, ${unread} unread` })).toBeVisible();
  });
});
