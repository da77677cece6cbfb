import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { ImapFlow } from 'imapflow';
import { e2eBaseUrl } from '../support/environment';
import {
  deliver,
  folderLink,
  messageList,
  newRecordingContext as newContext,
  streamRecords,
  waitForOpenStream,
} from '../support/live-events';
import { newMailUser, seedFolders, withImap, type MailUser } from '../support/mail-user';
import { signInByApi, xsrfHeaders } from '../support/sign-in';

const row = (page: Page, subject: string) =>
  messageList(page).getByRole('listitem').filter({ hasText: subject });

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
 * accounts stay as other specs expect them) serves acceptance 1 and 2.
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
    // The icon is drawn a task after the title (use-unread-badge.ts), from the SVG it fetches.
    await expect
      .poll(async () =>
        decodeURIComponent((await page.locator('link[rel~="icon"]').getAttribute('href')) ?? ''),
      )
      .toMatch(/^data:image\/svg\+xml,.*>40<\/text>/s);

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
});
