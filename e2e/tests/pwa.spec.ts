import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { demoUsers, e2eStateDir, repoRoot, screenshotDir } from '../support/environment';
import { messageRow } from '../support/message-rows';
import { extraServerPort, startServer, type RunningServer } from '../support/server-process';
import { lookLanguages, looksAt } from '../support/screenshots';
import { signInByApi, useLanguage, type UiLanguage } from '../support/sign-in';

/**
 * The PWA (issue 14, acceptance 5 and 7): the manifest and the service worker register; a new build brings the
 * update tooltip; with the network cut a reload shows the app shell, a message opened before and the offline
 * banner; a device logout leaves no mail in IndexedDB or the service worker's caches. Screenshots of the update
 * tooltip and the offline banner at 360/1024/1440, light and dark, fi and en.
 */

const widths = [
  { width: 360, height: 780 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
];
const languages = ['fi', 'en'] as const satisfies UiLanguage[];
/** The screenshots' languages and looks: npm test takes Finnish, light at the widest and dark at the narrowest. */
const shotLanguages = lookLanguages(languages);
const looks = looksAt(widths);
/** Where the spec goes on after the shots (the widest, as after a shot at every width). */
const desktop = widths.at(-1)!;
const openedSubject = 'Kvartaliaruanne Q3 – palun vaata üle';

const texts = {
  fi: {
    offline:
      'Olet offline-tilassa. Näytetään tälle laitteelle tallennetut viestit; muutokset vaativat yhteyden.',
    update: 'Webmailista on saatavilla uusi versio.',
    reload: 'Lataa uudelleen',
  },
  en: {
    offline: 'You are offline. Showing mail saved on this device; changes need a connection.',
    update: 'A new version of Webmail is available.',
    reload: 'Reload',
  },
} as const;

async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/** Waits until this page's service worker is active (its precache complete) and controls the page. */
async function controlledByServiceWorker(page: Page): Promise<string> {
  // The app registers its worker after the page's load event; `ready` waits for it to be active.
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker && worker.state !== 'activated') {
      await new Promise<void>((resolve) =>
        worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()),
      );
    }
  });
  await page.reload();
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
}

/**
 * Everything this origin keeps in IndexedDB, as text per database: the offline copy (`webmail-offline`) and
 * Workbox's own bookkeeping of its runtime cache (`workbox-expiration`: URLs and times, no content).
 */
function indexedDbContents(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const databases = await indexedDB.databases();
    const texts: Record<string, string> = {};
    for (const { name } of databases) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result as unknown[]);
          request.onerror = () => reject(request.error);
        });
        texts[`${name}/${store}`] = JSON.stringify(values);
      }
      db.close();
    }
    return texts;
  });
}

/** The offline copy of mail (the app's database in IndexedDB), as text. */
async function offlineCopy(page: Page): Promise<string> {
  return (await indexedDbContents(page))['webmail-offline/queries'] ?? '';
}

/** Every URL in the service worker's caches, and whether any cached body mentions `needle`. */
function serviceWorkerCaches(page: Page, needle: string) {
  return page.evaluate(async (text) => {
    const urls: string[] = [];
    let mentions = false;
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        urls.push(new URL(request.url).pathname);
        const body = await (await cache.match(request))?.text();
        if (body?.includes(text)) mentions = true;
      }
    }
    return { urls, mentions };
  }, needle);
}

test('the manifest and the service worker register; a new build shows the update tooltip', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const workDir = path.join(e2eStateDir, 'pwa');
  const buildA = path.join(workDir, 'dist-a');
  const buildB = path.join(workDir, 'dist-b');
  rmSync(workDir, { recursive: true, force: true });
  cpSync(path.join(repoRoot, 'packages/web/dist'), buildA, { recursive: true });
  const serverOptions = (dist: string) => ({
    port: extraServerPort,
    dataDir: path.join(workDir, 'server'),
    logFile: path.join(workDir, 'server.log'),
    env: { WEB_DIST_DIR: dist },
  });
  let server: RunningServer | null = await startServer(serverOptions(buildA));
  try {
    const base = server.baseUrl;
    await useLanguage(page, 'en');
    await signInByApi(page, demoUsers.alice, 'en', { baseUrl: base });
    await expect(page.getByRole('list').getByRole('listitem').first()).toBeVisible();

    // The manifest: linked from the page, served and complete.
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    const manifest = (await (await page.request.get(`${base}${manifestHref}`)).json()) as {
      name: string;
      display: string;
      start_url: string;
      theme_color: string;
      icons: Array<{ purpose?: string; sizes: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'Webmail',
      display: 'standalone',
      start_url: '/',
      theme_color: '#b00e22',
    });
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable' && icon.sizes === '512x512')).toBe(true);

    expect(await controlledByServiceWorker(page)).toBe(`${base}/sw.js`);
    const oldEntry = await page.locator('script[type="module"]').first().getAttribute('src');

    // A new build: another build id, so other chunk hashes and another precache manifest in sw.js.
    execFileSync('npx', ['vite', 'build', '--outDir', buildB, '--emptyOutDir'], {
      cwd: path.join(repoRoot, 'packages/web'),
      env: { ...process.env, WEBMAIL_BUILD_ID: 'e2e-next-build' },
      stdio: 'ignore',
    });
    await server.stop();
    server = null;
    server = await startServer(serverOptions(buildB));
    // The periodic check (every 1800 s) does this; here it is asked for at once.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const tooltip = page.getByRole('status', { name: texts.en.update });
    await expect(tooltip).toBeVisible({ timeout: 30_000 });

    for (const language of languages) {
      await useLanguage(page, language);
      await page.reload(); // the new worker still waits: the tooltip shows again after a reload
      const shown = page.getByRole('status', { name: texts[language].update });
      await expect(shown).toBeVisible();
      if (!shotLanguages.includes(language)) continue;
      for (const { scheme, size } of looks) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize(size);
        await expect(shown).toBeVisible();
        await shoot(page, `pwa-update-${language}-${scheme}-${size.width}`);
      }
      await page.setViewportSize(desktop);
    }

    // Reload activates the new worker and the page comes back on the new build.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: texts.en.reload }).click();
    await reloaded;
    await expect(page.getByRole('status', { name: texts.en.update })).toBeHidden();
    await expect
      .poll(() => page.locator('script[type="module"]').first().getAttribute('src'))
      .not.toBe(oldEntry);
  } finally {
    await server?.stop();
  }
});

test('offline: a reload shows the app shell, a message opened before and the banner; a device logout leaves no mail behind', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await useLanguage(page, 'en');
  await signInByApi(page, demoUsers.alice, 'en');
  await controlledByServiceWorker(page);
  // Each language's catalogue passes through the worker once, as it would for someone who uses it: the page is
  // drawn in that language (its load event comes before the app has asked for anything: the app's scripts are
  // asked for after the first paint).
  await useLanguage(page, 'fi');
  await page.reload();
  await expect(page.getByRole('link', { name: /^Saapuneet/ })).toBeVisible();
  await useLanguage(page, 'en');
  await page.reload();
  await expect(page.getByRole('link', { name: /^Inbox/ })).toBeVisible();

  await messageRow(page, openedSubject).click();
  await expect(page.getByRole('heading', { name: openedSubject })).toBeVisible();
  // The copy is written within a second of a change: wait for the conversation itself, not just the list row.
  await expect.poll(() => offlineCopy(page)).toMatch(/"reading",0,"thread"/);
  await expect.poll(() => offlineCopy(page)).toContain(openedSubject);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(texts.en.offline)).toBeVisible();
  await expect(page.getByRole('heading', { name: openedSubject })).toBeVisible();

  for (const language of languages) {
    await useLanguage(page, language);
    await page.reload();
    await expect(page.getByText(texts[language].offline)).toBeVisible();
    await expect(page.getByRole('heading', { name: openedSubject })).toBeVisible();
    if (!shotLanguages.includes(language)) continue;
    for (const { scheme, size } of looks) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(size);
      await expect(page.getByRole('heading', { name: openedSubject })).toBeVisible();
      await shoot(page, `pwa-offline-${language}-${scheme}-${size.width}`);
    }
    await page.setViewportSize(desktop);
  }

  // Back online, the device logout (sign out of all accounts) forgets everything the device kept.
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByText(texts.en.offline)).toBeHidden();
  await page.getByRole('button', { name: 'Account: Alice' }).click();
  await page.getByRole('menuitem', { name: 'Sign out of all accounts' }).click();
  await expect(page).toHaveURL(/\/login\/password/);
  await expect.poll(() => offlineCopy(page)).toBe('[]');
  expect(JSON.stringify(await indexedDbContents(page))).not.toContain(openedSubject);
  const cached = await serviceWorkerCaches(page, openedSubject);
  expect(cached.mentions).toBe(false);
  expect(cached.urls.filter((url) => url.startsWith('/api/'))).toEqual([]);
  expect(cached.urls).toContain('/index.html');
});
