import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { demoUsers, e2eBaseUrl } from '../support/environment';
import { attachmentBytesFromImap } from '../support/imap-direct';
import { signInByApi, useLanguage } from '../support/sign-in';
import { messageRow } from '../support/message-rows';

interface ListResponse {
  messages: Array<{ subject: string; date: string }>;
}

const pdfSubject = 'Kvartaliaruanne Q3 – palun vaata üle';
const pdfName = 'Kvartaliaruanne Q3.pdf';

test.describe('reading real mail', () => {
  test.beforeEach(async ({ page }) => {
    await useLanguage(page, 'en');
  });

  test('an unsigned visitor is sent to the password sign-in', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login\/password\?reason=missingExpiryCookie/);
    // A first visit on this browser: the sign-in form, without a word about an ended session.
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByText(/not signed in/i)).toHaveCount(0);
    await expect(page).toHaveTitle(/ - Webmail$/);
  });

  test('a wrong password is answered in the form', async ({ page }) => {
    await page.goto('/login/password');
    await page.getByLabel('E-mail address', { exact: true }).fill(demoUsers.alice.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: /^Sign in$/ }).click();
    await expect(page.getByRole('alert')).toContainText(/wrong e-mail or password/i);
    await expect(page).toHaveURL(/\/login\/password/);
  });

  test('sign in, see the inbox newest first, open a message and download its attachment', async ({
    page,
  }) => {
    await signInByApi(page, demoUsers.alice, 'en');
    await expect(page.getByRole('navigation', { name: /folders/i })).toBeVisible();

    const mailboxId = new URL(page.url()).pathname.split('/')[3]!;
    const api = await page.request.get(`${e2eBaseUrl}/api/u/0/mailbox/${mailboxId}/messages?limit=6`);
    const newest = ((await api.json()) as ListResponse).messages;
    const dates = newest.map((m) => Date.parse(m.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const rows = page.getByRole('list', { name: /Messages in/i }).getByRole('listitem');
    for (const [i, m] of newest.entries()) await expect(rows.nth(i)).toContainText(m.subject);

    // The original (with the PDF), not the replies: its row shows the bare subject and is described "Has attachments".
    const original = messageRow(page, pdfSubject);
    await expect(original).toHaveAccessibleDescription(/Has attachments/);
    await original.click();
    await expect(page).toHaveURL(new RegExp(`/u/0/${mailboxId}/[^/]+/\\d+$`));
    await expect(page.getByRole('heading', { name: pdfSubject, exact: true })).toBeVisible();

    const downloadLink = page.getByRole('link', { name: new RegExp(`Download ${pdfName}`) });
    const [download] = await Promise.all([page.waitForEvent('download'), downloadLink.click()]);
    expect(download.suggestedFilename()).toBe(pdfName);
    const downloaded = await readFile((await download.path())!);
    const fromImap = await attachmentBytesFromImap(demoUsers.alice, pdfSubject, pdfName);
    expect(downloaded.equals(fromImap)).toBe(true);
    expect(downloaded.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('HTML mail renders in a sandboxed iframe and remote images are not loaded', async ({ page }) => {
    const outside: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (/^https?:/.test(url) && !url.startsWith(e2eBaseUrl)) outside.push(url);
    });
    await signInByApi(page, demoUsers.alice, 'en');
    await page
      .getByRole('link', { name: /Tallinn Tech Weekly/ })
      .first()
      .click();

    const frame = page.locator('iframe[title="Message content"]');
    await expect(frame).toBeVisible();
    const sandbox = (await frame.getAttribute('sandbox')) ?? '';
    expect(sandbox.split(/\s+/)).not.toContain('allow-scripts');
    const srcdoc = (await frame.getAttribute('srcdoc')) ?? '';
    expect(srcdoc).toContain("default-src 'none'");
    await expect(page.getByText(/Remote content is hidden/i)).toBeVisible();

    const body = page.frameLocator('iframe[title="Message content"]').locator('body');
    await expect(body).not.toBeEmpty();
    const remoteImages = await body.locator('img[src^="http"]').count();
    expect(remoteImages).toBe(0);
    expect(outside).toEqual([]);
  });

  test('an expired access token is renewed with the refresh token without leaving the mailbox', async ({
    page,
    context,
  }) => {
    await signInByApi(page, demoUsers.alice, 'en');
    const oldRefresh = (await context.cookies()).find((c) => c.name === 'wm_rt_0')?.value;
    await context.clearCookies({ name: 'wm_at_0' });
    await page
      .getByRole('button', { name: /Refresh/i })
      .first()
      .click();
    await page
      .getByRole('link', { name: /Tallinn Tech Weekly/ })
      .first()
      .click();
    await expect(page.locator('iframe[title="Message content"]')).toBeVisible();
    await expect(page).toHaveURL(/\/u\/0\//);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'wm_at_0')).toBeDefined();
    expect(cookies.find((c) => c.name === 'wm_rt_0')?.value).not.toBe(oldRefresh);
  });
});
