import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { e2eStateDir, screenshotDir } from '../support/environment';
import {
  folderLink,
  messageList,
  newRecordingContext as newContext,
  streamRecords,
  waitForOpenStream,
} from '../support/live-events';
import { newMailUser, seedFolders, type MailUser } from '../support/mail-user';
import { extraServerPort, startServer, type RunningServer } from '../support/server-process';
import { lookLanguages, looksAt, screenshotWidths } from '../support/screenshots';
import { signInByApi, xsrfHeaders, type UiLanguage } from '../support/sign-in';

const notice = (page: Page, text: string) => page.locator('[data-snackbar-type]').filter({ hasText: text });

const texts = {
  en: {
    broken: 'Connection broken, retrying…',
    restored: 'Connection re-established',
    failed: 'Reconnect failed',
    retry: 'Retry',
  },
  fi: {
    broken: 'Yhteys katkesi, yritetään uudelleen…',
    restored: 'Yhteys palautettu',
    failed: 'Yhteyden palauttaminen epäonnistui',
    retry: 'Yritä uudelleen',
  },
} as const satisfies Record<UiLanguage, Record<string, string>>;

/**
 * The connection notices of live events against the real server and mail stack, for a fresh user (so the demo
 * accounts stay as other specs expect them): the screenshots and the server restarts have browsers of their own.
 */
test.describe.serial('live events', () => {
  let alice: MailUser;

  test.beforeAll(async () => {
    alice = newMailUser('live-alice');
    await seedFolders(alice, { INBOX: 30 });
  });

  for (const language of lookLanguages(['fi', 'en'] as const)) {
    test(`screenshots of the connection notices in ${language}`, async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await newContext(browser, language);
      try {
        const page = await context.newPage();
        const isStream = (url: string | URL) => new URL(url).pathname === '/api/u/0';
        let streamRequests = 0;
        let refuseStreams = false;
        page.on('request', (request) => {
          if (isStream(request.url())) streamRequests += 1;
        });
        await page.route(isStream, (route) => (refuseStreams ? route.abort() : route.continue()));
        // The page's timers jump where the test says: a retry's 5 s pass at once.
        await page.clock.install();
        await signInByApi(page, alice, language);
        await waitForOpenStream(page);
        const text = texts[language];
        const breakStream = () =>
          page.evaluate(() => {
            const sources = (window as unknown as { __eventSources: EventSource[] }).__eventSources;
            sources.at(-1)?.dispatchEvent(new Event('error'));
          });
        // npm test: light at the widest, dark at the narrowest; E2E_LOOKS=all: every width both ways.
        const shots = looksAt(screenshotWidths);
        const prepare = async ({ size, scheme }: (typeof shots)[number]) => {
          await page.emulateMedia({ colorScheme: scheme });
          await page.setViewportSize(size);
          await expect(page.getByRole('list').getByRole('listitem').first()).toBeVisible();
          await page.waitForTimeout(300); // the colours' transitions after a scheme change
        };
        const shoot = async (name: string, { size, scheme }: (typeof shots)[number]) => {
          await page.evaluate(() => document.fonts.ready);
          await page.screenshot({
            path: path.join(screenshotDir, `live-${name}-${language}-${scheme}-${size.width}.png`),
          });
        };

        for (const shot of shots) {
          await prepare(shot);
          await breakStream();
          await expect(notice(page, text.broken)).toBeVisible();
          await page.waitForTimeout(300); // the notice's slide-in
          await shoot('broken', shot);
          const before = streamRequests;
          await page.clock.fastForward(5000);
          // The notice stays 5 s of the page's clock, which runs on: shoot it first, count requests after.
          await expect(notice(page, text.restored)).toBeVisible();
          await shoot('restored', shot);
          expect(streamRequests).toBeGreaterThan(before);
          await expect(notice(page, text.broken)).toHaveCount(0);
        }

        refuseStreams = true;
        await breakStream();
        for (let retry = 1; retry <= 5; retry += 1) {
          await expect(notice(page, text.failed)).toHaveCount(0);
          const before = streamRequests;
          await page.clock.fastForward(5000);
          await expect.poll(() => streamRequests).toBeGreaterThan(before);
        }
        const failed = notice(page, text.failed);
        await expect(failed).toBeVisible();
        await expect(failed.getByRole('button', { name: text.retry })).toBeVisible();
        for (const shot of shots) {
          await prepare(shot);
          await shoot('failed', shot);
        }
      } finally {
        await context.close();
      }
    });
  }

  test('the server killed and restarted: broken notice, then re-established with the events missed meanwhile; kept down: reconnect failed with Retry', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const dataDir = path.join(e2eStateDir, 'server-live');
    const options = { port: extraServerPort, dataDir, logFile: path.join(e2eStateDir, 'server-live.log') };
    let server: RunningServer = await startServer(options);
    const context = await newContext(browser, 'en', server.baseUrl);
    try {
      const page = await context.newPage();
      // The page's timers run on as usual, and jump where the test says: the five 5-second retries of a server kept
      // down, and the success notice's 5 seconds, pass without being waited out.
      await page.clock.install();
      const pageNow = () => page.evaluate(() => Date.now());
      await signInByApi(page, alice, 'en', { baseUrl: server.baseUrl });
      await expect(messageList(page).getByRole('listitem').first()).toBeVisible();
      await waitForOpenStream(page);
      const headers = await xsrfHeaders(page);
      const createFolder = (baseUrl: string, name: string) =>
        page.request.post(`${baseUrl}/api/u/0/mailbox/folders`, { data: { name, parent: null }, headers });

      // A logged event first, so the stream has an id to resume after.
      const before = `Before the crash ${Date.now().toString(36)}`;
      expect((await createFolder(server.baseUrl, before)).status()).toBe(200);
      await expect(folderLink(page, before)).toBeVisible();

      await server.kill();
      const broken = notice(page, texts.en.broken);
      await expect(broken).toBeVisible();
      // The page's clock stands still while the servers start and stop (its first retry waiting), so however long
      // that takes on a loaded machine, the retries are not used up before the server is back.
      await pauseSoon(page);

      // While this server is down, another process on the same database makes a change (its event is logged).
      const during = `While it was down ${Date.now().toString(36)}`;
      const other = await startServer({ ...options, port: extraServerPort + 1 });
      try {
        expect((await createFolder(other.baseUrl, during)).status()).toBe(200);
      } finally {
        await other.stop();
      }
      await expect(folderLink(page, during)).toHaveCount(0);

      server = await startServer(options);
      // The page's clock runs again, and the retry waiting comes at once.
      await page.clock.resume();
      await page.clock.fastForward(5000);
      const restored = notice(page, texts.en.restored);
      await expect(restored).toBeVisible({ timeout: 30_000 });
      await expect(broken).toHaveCount(0);
      await expect(folderLink(page, during)).toBeVisible();
      // The missed event came as the replay of the new stream, which resumed after the last id it had.
      const records = await streamRecords(page);
      const resumed = records.filter((r) => r.url.includes('lastEventId='));
      expect(resumed.some((r) => r.type === 'message' && r.data?.includes('folderCreate'))).toBe(true);
      // The success notice is a 5-second one: gone within 8 s of the page's clock, 5 of them jumped.
      await page.clock.fastForward(5000);
      await expect(restored).toBeHidden({ timeout: 3000 });

      // Kept down: every retry fails, and after the fifth the error with Retry stays.
      await server.kill();
      const down = await pageNow();
      await expect(broken).toBeVisible();
      const failed = notice(page, texts.en.failed);
      // The page's clock on in half seconds until the error shows: each retry's timer fires once it is due.
      for (let step = 0; step < 120 && !(await failed.isVisible()); step += 1) {
        await page.clock.fastForward(500);
      }
      await expect(failed).toBeVisible();
      const waited = (await pageNow()) - down;
      console.log(
        `reconnect failed shown ${waited} ms (page clock) after the server went down (5 retries, 5 s apart)`,
      );
      expect(waited).toBeGreaterThanOrEqual(24_000);
      await expect(broken).toHaveCount(0);

      server = await startServer(options);
      await failed.getByRole('button', { name: 'Retry' }).click();
      await expect(restored).toBeVisible({ timeout: 15_000 });
    } finally {
      await context.close();
      await server.stop();
    }
  });
});

/**
 * Stops the page's clock a moment ahead of its now. The moment is read in one call and set in the next, so on a
 * loaded machine the page's time can pass it in between ("Cannot fast-forward to the past"): then again, further on.
 */
async function pauseSoon(page: Page): Promise<void> {
  for (let ahead = 100; ; ahead *= 4) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + ahead);
      return;
    } catch (error) {
      if (ahead >= 6400 || !String(error).includes('fast-forward to the past')) throw error;
    }
  }
}
