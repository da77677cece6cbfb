import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { ImapFlow } from 'imapflow';
import { e2eBaseUrl, e2eStateDir, screenshotDir } from '../support/environment';
import { deliver, recordEventStreams, streamRecords, waitForOpenStream } from '../support/live-events';
import { newMailUser, seedFolders, withImap, type MailUser } from '../support/mail-user';
import { extraServerPort, startServer, type RunningServer } from '../support/server-process';
import { signInByApi, useLanguage, xsrfHeaders, type UiLanguage } from '../support/sign-in';

const messageList = (page: Page) => page.getByRole('list', { name: /^Messages in/ });
const row = (page: Page, subject: string) =>
  messageList(page).getByRole('listitem').filter({ hasText: subject });
const folderLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: new RegExp(`^${name}(,|$)`) });
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

async function newContext(browser: Browser, language: UiLanguage, baseURL = e2eBaseUrl) {
  const context = await browser.newContext({ baseURL });
  await useLanguage(context, language);
  await recordEventStreams(context);
  return context;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** When each row first entered the DOM (`window.__rowSeen[subject]`, Date.now() in the page). */
async function watchNewRows(page: Page, pattern: string): Promise<void> {
  await page.evaluate((source) => {
    const seen: Record<string, number> = {};
    (window as unknown as { __rowSeen: Record<string, number> }).__rowSeen = seen;
    const match = new RegExp(source);
    const check = () => {
      for (const li of document.querySelectorAll('ul[aria-label^="Messages in"] > li')) {
        const found = match.exec(li.getAttribute('aria-label') ?? '');
        if (found && !(found[0] in seen)) seen[found[0]] = Date.now();
      }
    };
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
  }, pattern);
}

/** The aria-label of the row at the top edge of the list's viewport. */
function topVisibleRow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const ul = document.querySelector('ul[aria-label^="Messages in"]');
    const box = ul?.parentElement?.getBoundingClientRect();
    if (!box) return null;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + 20);
    return hit?.closest('li')?.getAttribute('aria-label') ?? null;
  });
}

async function imapUid(user: MailUser, subject: string): Promise<number> {
  return withImap(user, async (client) => {
    const lock = await client.getMailboxLock('INBOX');
    try {
      // Dovecot's SEARCH SUBJECT matches words, not the exact subject.
      const uids: number[] = [];
      for await (const message of client.fetch('1:*', { envelope: true, uid: true })) {
        if (message.envelope?.subject === subject) uids.push(message.uid);
      }
      if (uids.length !== 1) throw new Error(`expected one "${subject}", found ${uids.length}`);
      return uids[0]!;
    } finally {
      lock.release();
    }
  });
}

/** Another IMAP client (imapflow) changes the Inbox behind the webmail's back. */
async function inInbox(user: MailUser, change: (client: ImapFlow) => Promise<unknown>) {
  await withImap(user, async (client) => {
    const lock = await client.getMailboxLock('INBOX');
    try {
      await change(client);
    } finally {
      lock.release();
    }
  });
}

/**
 * Live events against the real server and mail stack. One signed-in browser of a fresh user (so the demo
 * accounts stay as other specs expect them) serves acceptance 1 and 2; the screenshots and the server restarts
 * have browsers of their own.
 */
test.describe.serial('live events', () => {
  let alice: MailUser;
  let bob: MailUser;
  let aliceContext: BrowserContext;
  let alicePage: Page;

  test.beforeAll(async ({ browser }) => {
    alice = newMailUser('live-alice');
    bob = newMailUser('live-bob');
    await seedFolders(alice, { INBOX: 30 });
    aliceContext = await newContext(browser, 'en');
    alicePage = await aliceContext.newPage();
    await signInByApi(alicePage, alice, 'en');
  });

  test.afterAll(async () => {
    await aliceContext?.close();
  });

  test('new mail appears on top of the open Inbox at once; counts, title, scroll, selection; flags and expunges from another IMAP client', async () => {
    const page = alicePage;
    const list = messageList(page);
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await waitForOpenStream(page);
    await expect(page).toHaveTitle('(30) Inbox - Webmail');
    await watchNewRows(page, 'Live delivery \\d+');

    const latencies: number[] = [];
    const inBrowser: number[] = [];
    for (let i = 1; i <= 10; i += 1) {
      const subject = `Live delivery ${i}`;
      await deliver(alice, subject);
      const delivered = Date.now();
      await expect(list.getByRole('listitem').first()).toContainText(subject);
      const shownAt = await page.evaluate(
        (s) => (window as unknown as { __rowSeen: Record<string, number> }).__rowSeen[s],
        subject,
      );
      const received = (await streamRecords(page)).find(
        (r) => r.type === 'message' && r.data?.includes(`"subject":"${subject}"`),
      );
      latencies.push(shownAt! - delivered);
      if (received) inBrowser.push(shownAt! - received.at);
    }
    console.log(
      `delivery → row in the DOM, ms after LMTP's final 250 (10 deliveries): ${latencies.join(', ')}; ` +
        `median ${median(latencies)} ms; of which EXISTS received → row: median ${median(inBrowser)} ms`,
    );

    await expect(folderLink(page, 'Inbox')).toHaveAccessibleName('Inbox, 40 unread');
    await expect(page).toHaveTitle('(40) Inbox - Webmail');
    await expect(page.getByText('40 messages')).toHaveCount(2); // the list's header and the empty reading pane
    const favicon = await page.locator('link[rel~="icon"]').getAttribute('href');
    expect(favicon?.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(favicon!)).toContain('>40</text>');

    // Scrolled down with a message selected: new mail arriving above changes neither.
    await list.evaluate((ul) => ul.parentElement!.scrollTo({ top: 5 * 76 }));
    await expect.poll(() => topVisibleRow(page)).toMatch(/Live delivery 5,/);
    const top = await topVisibleRow(page);
    const checkbox = page.getByRole('checkbox', { name: /: Live delivery 3$/ });
    await checkbox.click();
    await expect(page.getByText('1 selected')).toBeVisible();
    await deliver(alice, 'Live delivery 11');
    await expect(page).toHaveTitle('(41) Inbox - Webmail');
    expect(await topVisibleRow(page)).toBe(top);
    await expect(checkbox).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('1 selected')).toBeVisible();
    await page.keyboard.press('Escape');
    await list.evaluate((ul) => ul.parentElement!.scrollTo({ top: 0 }));
    await expect(list.getByRole('listitem').first()).toContainText('Live delivery 11');

    // Another IMAP client stars and reads one message and expunges another.
    const starred = await imapUid(alice, 'Live delivery 9');
    await inInbox(alice, (client) =>
      client.messageFlagsAdd(String(starred), ['\\Flagged', '\\Seen'], { uid: true }),
    );
    await expect(row(page, 'Live delivery 9').getByRole('button', { name: 'Remove star' })).toBeVisible();
    await expect(row(page, 'Live delivery 9')).not.toHaveAccessibleName(/^Unread/);
    await expect(page).toHaveTitle('(40) Inbox - Webmail');
    const expunged = await imapUid(alice, 'Live delivery 8');
    await inInbox(alice, (client) => client.messageDelete(String(expunged), { uid: true }));
    await expect(row(page, 'Live delivery 8')).toHaveCount(0);
    await expect(folderLink(page, 'Inbox')).toHaveAccessibleName('Inbox, 39 unread');
    await expect(page.getByText('40 messages')).toHaveCount(2); // the list's header and the empty reading pane
  });

  test('a folder created in one browser appears in another browser of the same user; other accounts’ streams never carry it', async ({
    browser,
  }) => {
    const elsewhere = await newContext(browser, 'en');
    const bobContext = await newContext(browser, 'en');
    try {
      const alicePage2 = await elsewhere.newPage();
      await signInByApi(alicePage2, alice, 'en');
      const bobPage = await bobContext.newPage();
      await signInByApi(bobPage, bob, 'en');
      // Bob as the second account of Alice's own browser (user index 1).
      const bobInAliceBrowser = await aliceContext.newPage();
      await signInByApi(bobInAliceBrowser, bob, 'en', { userIndex: 1 });
      for (const page of [alicePage, alicePage2, bobPage, bobInAliceBrowser]) await waitForOpenStream(page);

      const name = `Live folder ${Date.now().toString(36)}`;
      const created = await alicePage.request.post(`${e2eBaseUrl}/api/u/0/mailbox/folders`, {
        data: { name, parent: null },
        headers: await xsrfHeaders(alicePage),
      });
      expect(created.status()).toBe(200);
      const folderId = ((await created.json()) as { id: string }).id;
      await expect(folderLink(alicePage2, name)).toBeVisible();
      await expect(folderLink(alicePage, name)).toBeVisible();
      await deliver(alice, 'Only for Alice');
      await expect(row(alicePage2, 'Only for Alice')).toBeVisible();
      await expect(row(alicePage, 'Only for Alice')).toBeVisible();

      const aliceEvents = (await streamRecords(alicePage2)).filter((r) => r.type === 'message');
      expect(aliceEvents.some((r) => r.data?.includes(folderId))).toBe(true);
      for (const page of [bobPage, bobInAliceBrowser]) {
        const records = await streamRecords(page);
        const carried = records.filter((r) => r.type === 'message').map((r) => r.data ?? '');
        expect(carried.filter((data) => data.includes(folderId) || data.includes('Only for Alice'))).toEqual(
          [],
        );
        expect(carried.filter((data) => data.includes('folderCreate'))).toEqual([]);
      }
      expect((await streamRecords(bobInAliceBrowser)).every((r) => r.url.endsWith('/api/u/1'))).toBe(true);
      await bobInAliceBrowser.close();
    } finally {
      await elsewhere.close();
      await bobContext.close();
    }
  });

  for (const language of ['fi', 'en'] as const) {
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
        const shots = [
          { width: 360, height: 780 },
          { width: 1024, height: 768 },
          { width: 1440, height: 900 },
        ].flatMap((size) => (['light', 'dark'] as const).map((scheme) => ({ size, scheme })));
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
      const restored = notice(page, texts.en.restored);
      await expect(restored).toBeVisible({ timeout: 30_000 });
      await expect(broken).toHaveCount(0);
      await expect(folderLink(page, during)).toBeVisible();
      // The missed event came as the replay of the new stream, which resumed after the last id it had.
      const records = await streamRecords(page);
      const resumed = records.filter((r) => r.url.includes('lastEventId='));
      expect(resumed.some((r) => r.type === 'message' && r.data?.includes('folderCreate'))).toBe(true);
      // The success notice is a 5-second one.
      await expect(restored).toBeHidden({ timeout: 8000 });

      // Kept down: every retry fails, and after the fifth the error with Retry stays.
      await server.kill();
      const down = Date.now();
      await expect(broken).toBeVisible();
      const failed = notice(page, texts.en.failed);
      await expect(failed).toBeVisible({ timeout: 45_000 });
      const waited = Date.now() - down;
      console.log(`reconnect failed shown ${waited} ms after the server went down (5 retries, 5 s apart)`);
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
