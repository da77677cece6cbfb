import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { screenshotDir } from '../support/environment';
import { newMailUser, withImap, type MailUser } from '../support/mail-user';
import { signInByApi, useLanguage } from '../support/sign-in';

/** What the page looked like each time it called window.print() (trapped: no dialog opens in the test). */
interface PrintCall {
  articles: number;
  /**
   * Each HTML frame's height and the height its document needs (never less than the frame's own), at the moment of
   * the call: a frame whose content needs more is cut off on paper.
   */
  frames: Array<{ height: number; content: number }>;
}

declare global {
  interface Window {
    printCalls?: PrintCall[];
  }
}

/** RFC 2047 encoded-word: how a real client sends a non-ASCII subject or name. */
const encodeWord = (text: string) => `=?UTF-8?B?${Buffer.from(text).toString('base64')}?=`;

interface Seeded {
  subject: string;
  from: { name: string; address: string };
  date: Date;
  /** As the print view shows it (DD.MM.YYYY HH:mm, Europe/Helsinki). */
  shownDate: string;
  messageId: string;
  /** A phrase only this message's body has. */
  token: string;
  html: boolean;
  uid: number;
}

const baseSubject = 'Kokous perjantaina – äöå ja €';

/**
 * A three-message conversation (In-Reply-To / References), oldest first: a plain-text message with a non-ASCII
 * subject and a long unbroken line, an HTML reply taller than the frame's initial height, and a plain reply quoting
 * the first.
 * All unread, so the conversation view opens all three.
 */
async function seedThread(user: MailUser): Promise<Seeded[]> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const specs = [
    {
      subject: baseSubject,
      from: { name: 'Maija Meikäläinen', address: 'maija@example.test' },
      date: new Date('2025-03-14T08:15:00Z'),
      shownDate: '14.03.2025 10:15',
      token: 'Ensimmäinen viesti: tavataan perjantaina kello kymmenen.',
      html: false,
    },
    {
      subject: `Re: ${baseSubject}`,
      from: { name: 'Bob Builder', address: 'bob.builder@example.test' },
      date: new Date('2025-03-14T09:30:00Z'),
      shownDate: '14.03.2025 11:30',
      token: 'Toinen viesti HTML-muodossa',
      html: true,
    },
    {
      subject: `Re: ${baseSubject}`,
      from: { name: 'Jüri Tamm', address: 'juri@example.test' },
      date: new Date('2025-03-14T10:45:00Z'),
      shownDate: '14.03.2025 12:45',
      token: 'Kolmas viesti: sobib, näeme reedel.',
      html: false,
    },
  ];
  const ids = specs.map((_, i) => `<reading-${stamp}-${i + 1}@e2e.example.test>`);
  const raws = specs.map((spec, i) => {
    const headers = [
      `From: ${encodeWord(spec.from.name)} <${spec.from.address}>`,
      `To: ${user.email}`,
      `Subject: ${encodeWord(spec.subject)}`,
      `Date: ${spec.date.toUTCString().replace('GMT', '+0000')}`,
      `Message-ID: ${ids[i]}`,
      ...(i > 0 ? [`In-Reply-To: ${ids[i - 1]}`, `References: ${ids.slice(0, i).join(' ')}`] : []),
      'MIME-Version: 1.0',
      `Content-Type: text/${spec.html ? 'html' : 'plain'}; charset=utf-8`,
      'Content-Transfer-Encoding: 8bit',
    ];
    const body = spec.html
      ? [
          '<html><body>',
          `<h2>Esityslista</h2><p>${spec.token}: <b>lihavoitu</b> ja <i>kursivoitu</i>.</p>`,
          ...Array.from({ length: 8 }, (_, n) => `<p>Kohta ${n + 1}: asia, josta puhutaan.</p>`),
          '<table border="1"><tr><th>Aika</th><th>Paikka</th></tr><tr><td>10.00</td><td>Neuvotteluhuone</td></tr></table>',
          '</body></html>',
        ]
      : [
          spec.token,
          '',
          // The last message quotes the first: the print shows quotations unfolded.
          ...(i === 2 ? [`${specs[0]!.from.name} kirjoitti:`, `> ${specs[0]!.token}`, ''] : []),
          // One unbroken line: the source view and the print view must wrap it, not scroll the page sideways.
          `https://example.test/${'pitka-polku-'.repeat(20)}loppu`,
          '',
          'Terveisin,',
          spec.from.name,
        ];
    return Buffer.from([...headers, '', ...body, ''].join('\r\n'));
  });
  const uids = await withImap(user, async (client) => {
    const appended: number[] = [];
    for (const [i, raw] of raws.entries()) {
      const result = await client.append('INBOX', raw, [], specs[i]!.date);
      if (!result || !result.uid) throw new Error('APPEND gave no UID');
      appended.push(result.uid);
    }
    return appended;
  });
  return specs.map((spec, i) => ({ ...spec, messageId: ids[i]!, uid: uids[i]! }));
}

/** The message exactly as Dovecot stores it. */
async function sourceFromImap(user: MailUser, uid: number): Promise<Buffer> {
  return withImap(user, async (client) => {
    const lock = await client.getMailboxLock('INBOX', { readOnly: true });
    try {
      const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
      if (!message || !message.source) throw new Error(`no source for UID ${uid}`);
      return message.source;
    } finally {
      lock.release();
    }
  });
}

async function imapFlags(user: MailUser, uid: number): Promise<string[]> {
  return withImap(user, async (client) => {
    const lock = await client.getMailboxLock('INBOX', { readOnly: true });
    try {
      const message = await client.fetchOne(String(uid), { flags: true }, { uid: true });
      // Without the keywords the mail server sets itself on delivery ($HasAttachment / $HasNoAttachment).
      const flags = message && message.flags ? [...message.flags] : [];
      return flags.filter((flag) => !/^\$Has(No)?Attachment$/.test(flag)).sort();
    } finally {
      lock.release();
    }
  });
}

interface Conversation {
  inboxId: string;
  thread: string;
  messages: Seeded[];
}

/** Signs in, seeds the conversation and opens it at its newest message (route MailboxThread). */
async function openConversation(page: Page, user: MailUser): Promise<Conversation> {
  const messages = await seedThread(user);
  await signInByApi(page, user, 'en');
  const inboxId = new URL(page.url()).pathname.split('/')[3]!;
  const newest = messages[2]!;
  const res = await page.request.get(`/api/u/0/mailbox/${inboxId}/messages?limit=50`);
  expect(res.ok()).toBe(true);
  const rows = ((await res.json()) as { messages: Array<{ id: number; thread: string }> }).messages;
  const thread = rows.find((row) => row.id === newest.uid)?.thread;
  if (!thread) throw new Error('the conversation is not in the list');
  await page.goto(`/u/0/${inboxId}/${thread}/${newest.uid}`);
  await expect(page.getByRole('heading', { level: 2, name: `Re: ${baseSubject}` })).toBeVisible();
  // The app chrome the tab layout leaves out is here in the main layout.
  await expect(appChrome(page)).toHaveCount(3);
  return { inboxId, thread, messages };
}

/** An expanded message of the conversation view, by its sender. */
const messageCard = (page: Page, message: Seeded) =>
  page.getByRole('article', { name: `Message from ${message.from.name}` });

/** Opens a message's "More actions" menu and picks an item that opens a new tab; returns that tab. */
async function fromMessageMenu(page: Page, message: Seeded, item: string): Promise<Page> {
  const toolbar = messageCard(page, message).getByRole('toolbar', { name: 'Message actions' });
  await toolbar.getByRole('button', { name: 'More actions' }).click();
  return opensTab(page.context(), () => page.getByRole('menuitem', { name: item, exact: true }).click());
}

async function opensTab(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const [tab] = await Promise.all([context.waitForEvent('page'), click()]);
  await tab.waitForLoadState('domcontentloaded');
  return tab;
}

/** The value of a printed header row ("From:", "Date:" …). */
const printedHeader = (scope: Locator, label: string) =>
  scope.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

async function expectPrintedHeaders(article: Locator, message: Seeded, to: string) {
  await expect(printedHeader(article, 'From:')).toHaveText(`${message.from.name} <${message.from.address}>`);
  await expect(printedHeader(article, 'To:')).toHaveText(to);
  await expect(printedHeader(article, 'Date:')).toHaveText(message.shownDate);
  await expect(printedHeader(article, 'Subject:')).toHaveText(message.subject);
}

async function expectBody(article: Locator, message: Seeded) {
  if (message.html) {
    const body = article.frameLocator('iframe[title="Message content"]').locator('body');
    await expect(body).toContainText(message.token);
  } else {
    await expect(article).toContainText(message.token);
  }
}

/** The main layout's chrome: the folder sidebar, its compose button and the app bar's settings gear. */
const appChrome = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Folders' })
    .or(page.getByRole('link', { name: 'Compose', exact: true }))
    .or(page.getByRole('button', { name: 'Quick settings', exact: true }));

/** Nothing of the app around the content. */
async function expectNoAppChrome(tab: Page) {
  await expect(appChrome(tab)).toHaveCount(0);
}

/** In print: the tab layout's slim bar and the print button are left out; only the page is printed. */
async function expectCleanPrint(tab: Page) {
  await expect(tab.getByRole('banner')).toBeVisible();
  await tab.emulateMedia({ media: 'print' });
  await expect(tab.getByRole('banner')).toBeHidden();
  await expect(tab.getByRole('button', { name: 'Print', exact: true })).toBeHidden();
  await tab.emulateMedia({ media: null });
}

/** Channels of a computed CSS colour ("rgb(…)" / "rgba(…)"). */
const channels = (colour: string) => (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);

/** Whether an element's background is white, dark or something else. */
async function backgroundOf(tab: Page, selector: string): Promise<'white' | 'dark' | string> {
  const colour = await tab
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r = 0, g = 0, b = 0] = channels(colour);
  if (r === 255 && g === 255 && b === 255) return 'white';
  return r + g + b < 3 * 96 ? 'dark' : colour;
}

/** Texts of the printed messages drawn in a light colour (unreadable on the white sheet). */
async function lightTextIn(articles: Locator): Promise<string[]> {
  const colours = await articles.evaluateAll((nodes) =>
    nodes.flatMap((article) =>
      [...article.querySelectorAll('*')]
        .filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim()))
        .map((el) => ({ text: el.textContent!.slice(0, 40), colour: getComputedStyle(el).color })),
    ),
  );
  return colours.filter(({ colour }) => channels(colour).every((c) => c > 160)).map(({ text }) => text);
}

const printCalls = (tab: Page) => tab.evaluate(() => window.printCalls ?? []);

/** No horizontal scrolling of the page: long lines wrap. */
const pageOverflowsSideways = (tab: Page) =>
  tab.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

async function settle(tab: Page) {
  await tab.mouse.move(0, 0);
  await tab.evaluate(async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    await document.fonts.ready;
    // Two frames: the resize has been laid out (HTML frames re-measure on resize) and painted.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** How much of each HTML frame's document does not fit in the frame (0: none is cut off). */
const frameOverflow = (tab: Page) =>
  tab.evaluate(() =>
    [...document.querySelectorAll('iframe')].map(
      (frame) => (frame.contentDocument?.documentElement.scrollHeight ?? 0) - frame.clientHeight,
    ),
  );

async function shoot(tab: Page, name: string, width: number) {
  await tab.setViewportSize({ width, height: width < 600 ? 780 : 900 });
  await settle(tab);
  expect(await pageOverflowsSideways(tab)).toBe(false);
  // The frames follow the new width (they re-measure themselves): whole again, or the shot would show them cut.
  await expect.poll(async () => (await frameOverflow(tab)).filter((px) => px > 0)).toEqual([]);
  await tab.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`) });
}

/** The whole page as printed on A4 (794 px wide at 96 dpi), for checking by eye. */
async function shootPaper(tab: Page, name: string) {
  await tab.setViewportSize({ width: 794, height: 1123 });
  await tab.emulateMedia({ media: 'print' });
  await settle(tab);
  expect(await pageOverflowsSideways(tab)).toBe(false);
  await tab.screenshot({ path: path.join(screenshotDir, `${name}-paper.png`), fullPage: true });
  await tab.emulateMedia({ media: null });
}

test.describe('source, print and new-tab views of a conversation', () => {
  test.beforeEach(async ({ context }) => {
    await useLanguage(context, 'en');
    // Every tab of the context: window.print() records what was on the page instead of opening a dialog.
    await context.addInitScript(() => {
      window.printCalls = [];
      window.print = () => {
        window.printCalls!.push({
          articles: document.querySelectorAll('main article').length,
          frames: [...document.querySelectorAll('iframe')].map((frame) => ({
            height: frame.clientHeight,
            content: frame.contentDocument?.documentElement.scrollHeight ?? -1,
          })),
        });
      };
    });
  });

  test('show source opens the raw message in a tab; the .eml download is the stored message', async ({
    page,
  }) => {
    const user = newMailUser('source');
    const { inboxId, messages } = await openConversation(page, user);
    const first = messages[0]!;

    const tab = await fromMessageMenu(page, first, 'Show source');
    await expect(tab).toHaveURL(new RegExp(`/u/0/tab/${inboxId}/messages/${first.uid}/source$`));
    await expect(tab.getByRole('heading', { level: 1, name: 'Message source' })).toBeVisible();
    await expectNoAppChrome(tab);

    const stored = await sourceFromImap(user, first.uid);
    const raw = tab.getByLabel('Raw message');
    await expect(raw).toContainText(`Message-ID: ${first.messageId}`);
    await expect(raw).toContainText(first.token);
    // The whole message, byte for byte as text: headers (with the encoded subject as sent) and body.
    expect(await raw.evaluate((pre) => pre.textContent)).toBe(stored.toString('utf8'));
    expect(await raw.textContent()).toContain(`Subject: ${encodeWord(first.subject)}`);

    const [download] = await Promise.all([
      tab.waitForEvent('download'),
      tab.getByRole('link', { name: 'Download .eml' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${baseSubject}.eml`);
    const downloaded = await readFile((await download.path())!);
    expect(downloaded.equals(stored)).toBe(true);

    for (const width of [360, 1440]) await shoot(tab, 'reading-source', width);
  });

  test('print of one message: a clean page with its headers and HTML body, then the print dialog', async ({
    page,
  }) => {
    const user = newMailUser('print');
    const { inboxId, messages } = await openConversation(page, user);
    const html = messages[1]!;
    expect(await printCalls(page)).toEqual([]);

    const tab = await fromMessageMenu(page, html, 'Print');
    await expect(tab).toHaveURL(new RegExp(`/u/0/tab/${inboxId}/messages/${html.uid}/print$`));
    await expect(tab.getByRole('heading', { level: 1, name: html.subject })).toBeVisible();
    await expectNoAppChrome(tab);

    const printed = tab.getByRole('main').getByRole('article');
    await expect(printed).toHaveCount(1);
    await expectPrintedHeaders(printed, html, user.email);
    await expectBody(printed, html);

    // Printed once, with the message on the page and its HTML frame grown to all of its content (its initial
    // height is 120 px): nothing of the body is cut off on paper.
    await expect.poll(() => printCalls(tab)).toHaveLength(1);
    const [call] = await printCalls(tab);
    expect(call!.articles).toBe(1);
    expect(call!.frames).toHaveLength(1);
    expect(call!.frames[0]!.height).toBeGreaterThan(120);
    expect(call!.frames[0]!.height).toBe(call!.frames[0]!.content);
    // The opener was not printed.
    expect(await printCalls(page)).toEqual([]);

    await expectCleanPrint(tab);
    // The print button on the page prints again.
    await tab.getByRole('button', { name: 'Print', exact: true }).click();
    await expect.poll(() => printCalls(tab)).toHaveLength(2);

    for (const width of [360, 1440]) await shoot(tab, 'reading-print-message', width);
    await shootPaper(tab, 'reading-print-message');
  });

  test('print of the whole conversation: every message, oldest first, with headers; then print', async ({
    page,
  }) => {
    const user = newMailUser('print-thread');
    const { inboxId, thread, messages } = await openConversation(page, user);
    const newest = messages[2]!;

    const tab = await opensTab(page.context(), () =>
      page
        .getByRole('toolbar', { name: 'Conversation actions' })
        .getByRole('link', { name: 'Print conversation' })
        .click(),
    );
    await expect(tab).toHaveURL(new RegExp(`/u/0/tab/${inboxId}/${thread}/print\\?messageId=${newest.uid}$`));
    await expect(tab.getByRole('heading', { level: 1, name: baseSubject })).toBeVisible();
    await expectNoAppChrome(tab);

    const printed = tab.getByRole('main').getByRole('article');
    await expect(printed).toHaveCount(messages.length);
    for (const [i, message] of messages.entries()) {
      await expectPrintedHeaders(printed.nth(i), message, user.email);
      await expectBody(printed.nth(i), message);
    }
    // Quotations are printed, not folded behind a button.
    await expect(printed.nth(2).locator('.quoted-text')).toHaveText(`> ${messages[0]!.token}`);
    await expect(tab.getByRole('button', { name: 'Show quoted text' })).toHaveCount(0);

    await expect.poll(() => printCalls(tab)).toHaveLength(1);
    const [call] = await printCalls(tab);
    expect(call!.articles).toBe(3);
    expect(call!.frames).toHaveLength(1);
    expect(call!.frames[0]!.height).toBe(call!.frames[0]!.content);

    await expectCleanPrint(tab);
    for (const width of [360, 1440]) await shoot(tab, 'reading-print-thread', width);
    await shootPaper(tab, 'reading-print-thread');

    // In dark mode the app around it turns dark, the sheet stays black on white, on screen and on paper.
    await tab.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => backgroundOf(tab, 'header')).toBe('dark');
    expect(await lightTextIn(printed)).toEqual([]);
    await shoot(tab, 'reading-print-thread-dark', 1440);
    await tab.emulateMedia({ media: 'print', colorScheme: 'dark' });
    expect([await backgroundOf(tab, 'html'), await backgroundOf(tab, 'body')]).toEqual(['white', 'white']);
    expect(await lightTextIn(printed)).toEqual([]);
    await tab.emulateMedia({ media: null, colorScheme: null });
  });

  test('open in new tab shows the conversation in the tab layout, and its actions reach the server', async ({
    page,
  }) => {
    const user = newMailUser('tab');
    const { inboxId, thread, messages } = await openConversation(page, user);
    const newest = messages[2]!;

    const tab = await opensTab(page.context(), () =>
      page
        .getByRole('toolbar', { name: 'Conversation actions' })
        .getByRole('link', { name: 'Open in new tab' })
        .click(),
    );
    await expect(tab).toHaveURL(new RegExp(`/u/0/tab/${inboxId}/${thread}/${newest.uid}$`));
    // A tab of its own has no app chrome: the conversation's subject is the page's heading.
    await expect(tab.getByRole('heading', { level: 1, name: newest.subject })).toBeVisible();
    await expectNoAppChrome(tab);
    // Already in a tab of its own: not offered again.
    await expect(tab.getByRole('link', { name: 'Open in new tab' })).toHaveCount(0);
    const conversation = tab.getByRole('list', { name: 'Messages in this conversation' });
    await expect(conversation.getByRole('listitem')).toHaveCount(3);
    // The opener has read them all: the addressed message is open, the others folded to a line that unfolds.
    await expect(messageCard(tab, newest)).toContainText(newest.token);
    const folded = conversation.getByRole('listitem').filter({ hasNot: tab.getByRole('article') });
    await expect(folded).toHaveCount(2);
    await folded.filter({ hasText: messages[0]!.from.name }).getByRole('button', { expanded: false }).click();
    await expect(messageCard(tab, messages[0]!)).toContainText(messages[0]!.token);
    await expect.poll(() => imapFlags(user, newest.uid)).toEqual(['\\Seen']);

    const card = messageCard(tab, newest);
    await card.getByRole('button', { name: 'Star', exact: true }).click();
    await expect(card.getByRole('button', { name: 'Remove star' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => imapFlags(user, newest.uid)).toEqual(['\\Flagged', '\\Seen']);

    await card.getByRole('button', { name: 'More actions' }).click();
    await tab.getByRole('menuitem', { name: 'Mark as unread' }).click();
    await expect.poll(() => imapFlags(user, newest.uid)).toEqual(['\\Flagged']);
    // Folded to its summary line, so reading on does not mark it read again.
    await expect(card).toHaveCount(0);
    expect(await imapFlags(user, newest.uid)).toEqual(['\\Flagged']);
    // The tab stays on the conversation (in the main layout it would go back to the list).
    await expect(tab).toHaveURL(new RegExp(`/u/0/tab/${inboxId}/${thread}/${newest.uid}$`));
    await expect(tab.getByRole('heading', { level: 1, name: newest.subject })).toBeVisible();
  });

  test('tab routes need that account signed in and never show another account’s mail', async ({
    page,
    context,
  }) => {
    const owner = newMailUser('owner');
    const { inboxId, thread, messages } = await openConversation(page, owner);
    const first = messages[0]!;
    const routes = {
      source: `/tab/${inboxId}/messages/${first.uid}/source`,
      print: `/tab/${inboxId}/messages/${first.uid}/print`,
      threadPrint: `/tab/${inboxId}/${thread}/print?messageId=${first.uid}`,
      conversation: `/tab/${inboxId}/${thread}/${first.uid}`,
    };
    const signInUrl = /\/login\/password\?reason=missingExpiryCookie$/;

    // Signed in as the owner at index 0, nobody at index 1: index 1 goes to the sign-in.
    for (const route of Object.values(routes)) {
      await page.goto(`/u/1${route}`);
      await expect(page).toHaveURL(signInUrl);
    }
    expect(
      (await page.request.get(`/api/u/1/mailbox/${inboxId}/messages/${first.uid}/source`)).status(),
    ).toBe(401);

    // Another account at index 1: the owner's folder and message ids name nothing of theirs.
    const other = newMailUser('other');
    await signInByApi(page, other, 'en', { userIndex: 1, path: `/u/1${routes.source}` });
    await expect(page.getByText('This message was not found.', { exact: false })).toBeVisible();
    await expect(page.getByLabel('Raw message')).toHaveCount(0);
    await page.goto(`/u/1${routes.conversation}`);
    await expect(page.getByText('This message was not found.', { exact: false })).toBeVisible();
    await expect(page.getByText(first.token)).toHaveCount(0);
    await page.goto(`/u/1${routes.print}`);
    await expect(page.getByText('The message could not be loaded.')).toBeVisible();
    await expect(page.getByText(first.token)).toHaveCount(0);
    expect(await printCalls(page)).toEqual([]);
    // The same addresses at index 0 are the owner's message.
    await page.goto(`/u/0${routes.source}`);
    await expect(page.getByLabel('Raw message')).toContainText(first.token);

    // Signed out: every tab route goes to the sign-in, nothing is printed, and the API refuses.
    await context.clearCookies();
    for (const route of Object.values(routes)) {
      await page.goto(`/u/0${route}`);
      await expect(page).toHaveURL(signInUrl);
      await expect(page.getByText(first.token)).toHaveCount(0);
      expect(await printCalls(page)).toEqual([]);
    }
    expect(
      (await page.request.get(`/api/u/0/mailbox/${inboxId}/messages/${first.uid}/source`)).status(),
    ).toBe(401);
  });
});
