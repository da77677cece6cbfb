import path from 'node:path';
import { expect, test as base, type BrowserContext, type Page } from '@playwright/test';
import { screenshotDir } from './environment';
import type { FetchMessageObject, FetchQueryObject } from 'imapflow';
import { newMailUser, withImap, type MailUser } from './mail-user';
import { signInByApi, useLanguage } from './sign-in';

/** A conversation seeded by IMAP and its source, print and new-tab views, for the reading-views specs. */

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

/** Every tab of the context: window.print() records what was on the page instead of opening a dialog. */
export async function recordPrintCalls(context: BrowserContext): Promise<void> {
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
}

/** The reading-views specs' `test`: every page in English, and window.print() recorded instead of opened. */
export const test = base.extend<{ readingViews: void }>({
  readingViews: [
    async ({ context }, use) => {
      await useLanguage(context, 'en');
      await recordPrintCalls(context);
      await use();
    },
    { auto: true },
  ],
});

/** RFC 2047 encoded-word: how a real client sends a non-ASCII subject or name. */
export const encodeWord = (text: string) => `=?UTF-8?B?${Buffer.from(text).toString('base64')}?=`;

/** A message of the seeded conversation. */
export interface Seeded {
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

export const baseSubject = 'Kokous perjantaina – äöå ja €';

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

/** One Inbox message of `user` by UID, as the mail server holds it (read-only: nothing is marked seen). */
export async function fetchInboxMessage(
  user: MailUser,
  uid: number,
  query: FetchQueryObject,
): Promise<FetchMessageObject | false | undefined> {
  return withImap(user, async (client) => {
    const lock = await client.getMailboxLock('INBOX', { readOnly: true });
    try {
      return await client.fetchOne(String(uid), query, { uid: true });
    } finally {
      lock.release();
    }
  });
}

/** The opened conversation: its owner, its folder, its thread and its messages, oldest first. */
export interface Conversation {
  user: MailUser;
  inboxId: string;
  thread: string;
  messages: Seeded[];
}

/**
 * Makes a user (`newMailUser(name)`), seeds the conversation, signs in and opens it at its newest message (route
 * MailboxThread).
 */
export async function openConversation(page: Page, name: string): Promise<Conversation> {
  const user = newMailUser(name);
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
  return { user, inboxId, thread, messages };
}

/** An expanded message of the conversation view, by its sender. */
export const messageCard = (page: Page, message: Seeded) =>
  page.getByRole('article', { name: `Message from ${message.from.name}` });

/** Opens a message's "More actions" menu and picks an item that opens a new tab; returns that tab. */
export async function fromMessageMenu(page: Page, message: Seeded, item: string): Promise<Page> {
  const toolbar = messageCard(page, message).getByRole('toolbar', { name: 'Message actions' });
  await toolbar.getByRole('button', { name: 'More actions' }).click();
  return opensTab(page.context(), () => page.getByRole('menuitem', { name: item, exact: true }).click());
}

/** Clicks a link of the open conversation's toolbar that opens a new tab (print, new tab); returns that tab. */
export function fromConversationToolbar(page: Page, link: string): Promise<Page> {
  return opensTab(page.context(), () =>
    page.getByRole('toolbar', { name: 'Conversation actions' }).getByRole('link', { name: link }).click(),
  );
}

/** Clicks what opens a new tab; returns that tab once its document has loaded. */
export async function opensTab(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const [tab] = await Promise.all([context.waitForEvent('page'), click()]);
  await tab.waitForLoadState('domcontentloaded');
  return tab;
}

/** The main layout's chrome: the folder sidebar, its compose button and the app bar's settings gear. */
const appChrome = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Folders' })
    .or(page.getByRole('link', { name: 'Compose', exact: true }))
    .or(page.getByRole('button', { name: 'Quick settings', exact: true }));

/** Nothing of the app around the content. */
export async function expectNoAppChrome(tab: Page) {
  await expect(appChrome(tab)).toHaveCount(0);
}

/** What the tab printed so far ({@link recordPrintCalls}). */
export const printCalls = (tab: Page) => tab.evaluate(() => window.printCalls ?? []);

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

/** The page at `width` (a phone's height below 600 px), checked whole, shot for checking by eye. */
export async function shoot(tab: Page, name: string, width: number) {
  await tab.setViewportSize({ width, height: width < 600 ? 780 : 900 });
  await settle(tab);
  expect(await pageOverflowsSideways(tab)).toBe(false);
  // The frames follow the new width (they re-measure themselves): whole again, or the shot would show them cut.
  await expect.poll(async () => (await frameOverflow(tab)).filter((px) => px > 0)).toEqual([]);
  await tab.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`) });
}

/** The whole page as printed on A4 (794 px wide at 96 dpi), for checking by eye. */
export async function shootPaper(tab: Page, name: string) {
  await tab.setViewportSize({ width: 794, height: 1123 });
  await tab.emulateMedia({ media: 'print' });
  await settle(tab);
  expect(await pageOverflowsSideways(tab)).toBe(false);
  await tab.screenshot({ path: path.join(screenshotDir, `${name}-paper.png`), fullPage: true });
  await tab.emulateMedia({ media: null });
}
