import { expect, test, type Page } from '@playwright/test';
import { newMailUser } from '../support/mail-user';
import { labels, signIn, useLanguage } from '../support/sign-in';

/**
 * The sign-in page's own HTML (the build's `sign-in.html`, packages/web/scripts/html-pages.ts): the server sends it
 * for /login/password and for `/` without a session, and the page asks for its route chunks itself. What it preloads
 * must be what the app then uses (each fetched once), and the page must work. It also draws the page before any
 * script has come (where the app would draw it the same), and the app takes the drawing's place without showing its
 * loading spinner in between.
 */

/** Every JavaScript file the page requests, by path. */
function recordRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) paths.push(pathname);
  });
  return paths;
}

test.describe('the sign-in page’s HTML', () => {
  // Every load from the network: an installed service worker would answer with its precached index.html.
  test.use({ serviceWorkers: 'block' });

  test('asks for the route chunks the app uses, each once, and signs in', async ({ page }) => {
    const user = newMailUser('signinpage');
    const requests = recordRequests(page);
    // The pages' policy forbids eval: no library may try it (zod's parsers did, a violation at every load).
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { policyViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) => seen.push(event.violatedDirective));
    });
    await page.goto('/login/password');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByLabel(labels.fi.email, { exact: true })).toBeVisible();

    // The page asks for the app's modules itself (after its first paint): the route chunks among them, and no file
    // twice (a preload the app did not use would be fetched again by its import).
    await expect(page.locator('#drawn')).toHaveCount(0);
    expect(requests).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/auth-layout-.*\.js$/),
        expect.stringMatching(/^\/assets\/password-login\.route-.*\.js$/),
      ]),
    );
    expect(requests).toEqual([...new Set(requests)]);

    await signIn(page, user, 'fi');
    await expect(page.getByRole('link', { name: /Saapuneet/ }).first()).toBeVisible();
    expect(await page.evaluate(() => (window as { policyViolations?: string[] }).policyViolations)).toEqual(
      [],
    );
  });

  test('`/` without a session gets the same page and loads no more JavaScript than the sign-in page', async ({
    page,
    context,
  }) => {
    const direct = recordRequests(page);
    await page.goto('/login/password');
    await expect(page.getByLabel(labels.fi.email, { exact: true })).toBeVisible();

    const rootPage = await context.newPage();
    const viaRoot = recordRequests(rootPage);
    await rootPage.goto('/');
    await expect(rootPage).toHaveURL(/\/login\/password\?reason=/);
    await expect(rootPage.getByLabel(labels.fi.email, { exact: true })).toBeVisible();
    const scripts = (paths: string[]) => [...new Set(paths.filter((path) => path.endsWith('.js')))].sort();
    expect(scripts(viaRoot)).toEqual(scripts(direct));
  });

  test('draws the page before the app runs, where the app would draw it the same', async ({ page }) => {
    // No script file comes: what shows is the HTML's own.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/login/password');
    const drawn = page.locator('#drawn');
    await expect(drawn.getByText('Kirjaudu sisään', { exact: true }).first()).toBeVisible();
    await expect(drawn.getByText(labels.fi.email, { exact: true })).toBeVisible();
    await expect(drawn.getByText(labels.fi.submit, { exact: true })).toBeVisible();
    await expect(page.locator('#boot')).toBeHidden();
    await expect(page).toHaveTitle(/Webmail/);
    // Inert and hidden from assistive technology: nothing in it takes the focus or a click before the app runs.
    await expect(drawn).toHaveAttribute('inert', '');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    await drawn
      .locator('input')
      .first()
      .evaluate((input) => (input as HTMLInputElement).focus());
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
  });

  test('leaves the page to the spinner and the app where the visitor chose another look', async ({
    page,
  }) => {
    await page.route('**/*.js', (route) => route.abort());
    const policyErrors: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) policyErrors.push(message.text());
    });
    await useLanguage(page, 'en');
    await page.goto('/login/password');
    // The page's inline check ran (its policy allows it by hash) and hid the Finnish drawing.
    await expect(page.locator('html')).toHaveClass(/undrawn/);
    await expect(page.locator('#drawn')).toBeHidden();
    await expect(page.locator('#boot')).toBeVisible();
    // The boot screen's product mark, the page's first paint before any script.
    await expect(page.locator('#boot svg')).toBeVisible();
    expect(policyErrors).toEqual([]);

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await expect(page.locator('#drawn')).toBeHidden();
  });

  test('the app takes the drawing’s place with the same page, never the spinner in between', async ({
    page,
  }) => {
    // Records whether a progress indicator (the loading spinner) was ever put into the page.
    await page.addInitScript(() => {
      const seen = { spinner: false };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        if (document.querySelector('[role="progressbar"]')) seen.spinner = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/login/password');
    await expect(page.getByRole('heading', { level: 1, name: 'Kirjaudu sisään' })).toBeVisible();
    await expect(page.locator('#drawn')).toHaveCount(0);
    await expect(page.getByLabel(labels.fi.email, { exact: true })).toBeFocused();
    expect(
      await page.evaluate(() => (window as unknown as { seen: { spinner: boolean } }).seen.spinner),
    ).toBe(false);
  });
});
