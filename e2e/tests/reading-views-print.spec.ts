import { expect, type Locator, type Page } from '@playwright/test';
import {
  baseSubject,
  expectNoAppChrome,
  fromConversationToolbar,
  fromMessageMenu,
  openConversation,
  printCalls,
  shoot,
  shootPaper,
  test,
  type Seeded,
} from '../support/reading-views';

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

test.describe('source, print and new-tab views of a conversation', () => {
  test('print of one message: a clean page with its headers and HTML body, then the print dialog', async ({
    page,
  }) => {
    const { user, inboxId, messages } = await openConversation(page, 'print');
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
    const { user, inboxId, thread, messages } = await openConversation(page, 'print-thread');
    const newest = messages[2]!;

    const tab = await fromConversationToolbar(page, 'Print conversation');
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
});
