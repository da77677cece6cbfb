import { expect, test, type Page } from '@playwright/test';
import { newMailUser } from '../support/mail-user';
import { labels, signIn } from '../support/sign-in';

/**
 * The sign-in page's own HTML (the build's `sign-in.html`, packages/web/scripts/sign-in-page.ts): the server sends it
 * for /login/password and for `/` without a session, and the page asks for its route chunks itself. What it preloads must be what the app then uses (each fetched once), and the page must work.
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
    await page.goto('/login/password');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByLabel(labels.fi.email, { exact: true })).toBeVisible();

    const html = await (
      await page.request.get('/login/password', { headers: { accept: 'text/html' } })
    ).text();
    const preloaded = [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g)].map(
      (match) => match[1]!,
    );
    expect(preloaded).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/auth-layout-.*\.js$/),
        expect.stringMatching(/^\/assets\/password-login\.route-.*\.js$/),
      ]),
    );
    for (const path of preloaded.filter((href) => href.endsWith('.js'))) {
      expect(
        requests.filter((requested) => requested === path),
        path,
      ).toHaveLength(1);
    }

    await signIn(page, user, 'fi');
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
});
