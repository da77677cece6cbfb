import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { e2eStateDir } from '../support/environment';
import { deliver, recordEventStreams, waitForOpenStream } from '../support/live-events';
import { newMailUser, type MailUser } from '../support/mail-user';
import { extraServerPort, startServer, type RunningServer } from '../support/server-process';
import { signInByApi, useLanguage } from '../support/sign-in';

const row = (page: Page, subject: string) =>
  page
    .getByRole('list', { name: /^Messages in/ })
    .getByRole('listitem')
    .filter({ hasText: subject });
const liveOff = (page: Page) =>
  page
    .locator('[data-snackbar-type]')
    .filter({ hasText: 'Live updates are off; the list refreshes every 2 s' });

async function signedInPage(browser: Browser, server: RunningServer, user: MailUser) {
  const context = await browser.newContext({ baseURL: server.baseUrl });
  await useLanguage(context, 'en');
  await recordEventStreams(context);
  const page = await context.newPage();
  await signInByApi(page, user, 'en');
  await waitForOpenStream(page);
  return { context, page };
}

test.describe('live mail off', () => {
  let server: RunningServer;

  test.beforeAll(async () => {
    const dataDir = path.join(e2eStateDir, 'server-live-mail-off');
    rmSync(dataDir, { recursive: true, force: true });
    server = await startServer({
      port: extraServerPort + 6,
      dataDir,
      logFile: path.join(e2eStateDir, 'server-live-mail-off.log'),
      // One watcher for the whole server: the second account gets none while the first holds it.
      env: { EVENT_WATCHERS_MAX: '1', EVENT_POLL_SECONDS: '2', EVENT_WATCHER_GRACE_SECONDS: '0' },
    });
  });
  test.afterAll(async () => server?.stop());

  test('the user past EVENT_WATCHERS_MAX is told so and still gets new mail by polling', async ({
    browser,
  }) => {
    const first = newMailUser('live-slot');
    const second = newMailUser('live-nosl');
    const a = await signedInPage(browser, server, first);
    const b = await signedInPage(browser, server, second);
    try {
      await expect(liveOff(b.page)).toBeVisible();
      await expect(liveOff(a.page)).toHaveCount(0);

      const subject = `Polled in ${Date.now().toString(36)}`;
      await deliver(second, subject);
      await expect(row(b.page, subject)).toBeVisible({ timeout: 10_000 });

      // The first account leaves: its slot goes to the second, whose notice ends.
      await a.context.close();
      await expect(liveOff(b.page)).toHaveCount(0, { timeout: 10_000 });
    } finally {
      await b.context.close();
      await a.context.close().catch(() => undefined);
    }
  });
});
