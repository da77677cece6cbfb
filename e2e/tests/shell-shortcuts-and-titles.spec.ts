import { expect, test, type Page } from '@playwright/test';
import { composer } from '../support/compose';
import { countIn, newMailUser, seedFolders, withImap, type MailUser } from '../support/mail-user';
import { messageListRows as rows } from '../support/message-rows';
import { signInByApi, useLanguage } from '../support/sign-in';

/** Takes the keyboard focus off whatever has it (the page itself then gets the keys). */
const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

async function flaggedUids(user: MailUser): Promise<number[]> {
  return withImap(user, async (client) => {
    await client.mailboxOpen('INBOX');
    return (await client.search({ flagged: true }, { uid: true })) || [];
  });
}

test.describe('the shell: resizable sidebar, keyboard shortcuts, page titles', () => {
  test('every shortcut of the help sheet does its thing; none fires while typing', async ({ page }) => {
    test.setTimeout(180_000);
    const user = newMailUser('keys');
    await seedFolders(user, { INBOX: 6 });
    await page.setViewportSize({ width: 1440, height: 900 });
    await useLanguage(page, 'en');
    await signInByApi(page, user, 'en');
    const inboxUrl = page.url();
    await expect(rows(page)).toHaveCount(6);
    await expect(page).toHaveTitle('(6) Inbox - Webmail');

    // ? opens the sheet; it lists the table the handlers use.
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(sheet).toBeVisible();
    for (const text of [
      'Write a new message',
      'Search',
      'Go to Inbox',
      'Go to starred messages',
      'Next message',
      'Previous message',
      'Open the message',
      'Back to the list',
      'Select the message',
      'Archive',
      'Delete',
      'Star or unstar',
      'Mark as read',
      'Mark as unread',
      'Reply',
      'Reply all',
      'Forward',
      'Report as spam or not spam',
    ]) {
      await expect(sheet.getByText(text, { exact: true })).toBeVisible();
    }
    // Keys inside the sheet do nothing behind it.
    await page.keyboard.press('c');
    await expect(page).toHaveURL(inboxUrl);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    // The sheet, opened while nothing had the focus, hands it to the list's first row when it closes.
    await expect(rows(page).nth(0).getByRole('link')).toBeFocused();

    // j / k bring the focus into the list and move it; o opens; u goes back. From the page itself (the focus taken
    // off the list) j brings it to the first row.
    await blur(page);
    await page.keyboard.press('j');
    await expect(rows(page).nth(0).getByRole('link')).toBeFocused();
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await expect(rows(page).nth(1).getByRole('link')).toBeFocused();
    await page.keyboard.press('o');
    await expect(page).toHaveURL(/\/u\/0\/[^/]+\/[^/]+\/\d+$/);
    await expect(page).toHaveTitle(/INBOX message 5 - Webmail$/);
    // In the open conversation (the focus no longer on the list's row): j / k go to the next / previous message.
    await blur(page);
    await page.keyboard.press('j');
    await expect(page).toHaveTitle(/INBOX message 4 - Webmail$/);
    await page.keyboard.press('k');
    await expect(page).toHaveTitle(/INBOX message 5 - Webmail$/);

    // r, a, f answer the open message.
    const threadUrl = page.url();
    for (const [key, mode] of [
      ['r', 'reply'],
      ['a', 'replyAll'],
      ['f', 'forward'],
    ] as const) {
      // The composer opens with the mode in the address, then takes a draft id of its own.
      const opened = page.waitForURL(new RegExp(`/u/0/compose\\?mode=${mode}&`));
      await page.keyboard.press(key);
      await opened;
      await expect(composer.subject(page)).toHaveValue(
        mode === 'forward' ? /INBOX message 5$/ : 'Re: INBOX message 5',
      );
      page.once('dialog', (dialog) => void dialog.accept());
      await page.goto(threadUrl);
      await expect(page).toHaveTitle(/INBOX message 5 - Webmail$/);
    }

    // s stars the open message; u goes back to the list.
    await page.keyboard.press('s');
    await expect.poll(() => flaggedUids(user)).toHaveLength(1);
    await page.keyboard.press('u');
    await expect(page).toHaveURL(inboxUrl);
    await expect(page).toHaveTitle(/Inbox - Webmail$/);

    // g s: the starred messages; g i: back to the Inbox.
    await page.keyboard.press('g');
    await page.keyboard.press('s');
    await expect(page).toHaveURL(/\/u\/0\/search\?search=is%3Astarred$/);
    await expect(page.getByRole('list', { name: /is:starred/ }).getByRole('listitem')).toHaveCount(1);
    await page.keyboard.press('g');
    await page.keyboard.press('i');
    await expect(page).toHaveURL(inboxUrl);
    await expect(rows(page)).toHaveCount(6);

    // From the list: x selects the focused row, e archives the selection.
    await page.keyboard.press('j');
    await expect(rows(page).nth(0).getByRole('link')).toBeFocused();
    await page.keyboard.press('x');
    await expect(page.getByRole('toolbar')).toContainText('1 selected');
    await page.keyboard.press('e');
    await expect(rows(page)).toHaveCount(5);
    await expect.poll(() => countIn(user, 'Archive')).toBe(1);
    // # deletes the focused row (to Trash), ! reports it as spam.
    await page.keyboard.press('j');
    await page.keyboard.press('#');
    await expect(rows(page)).toHaveCount(4);
    await expect.poll(() => countIn(user, 'Trash')).toBe(1);
    await page.keyboard.press('j');
    await page.keyboard.press('!');
    await expect(rows(page)).toHaveCount(3);
    await expect.poll(() => countIn(user, 'Junk')).toBe(1);
    // Shift+I marks the focused row read, Shift+U unread: the count in the title follows.
    const unread = Number((await page.title()).match(/^\((\d+)\)/)?.[1]);
    await page.keyboard.press('j');
    await page.keyboard.press('Shift+I');
    await expect(page).toHaveTitle(`(${unread - 1}) Inbox - Webmail`);
    await page.keyboard.press('Shift+U');
    await expect(page).toHaveTitle(`(${unread}) Inbox - Webmail`);

    // / puts the cursor in the search box; shortcut keys typed there are text.
    await page.keyboard.press('/');
    const search = page.getByRole('combobox', { name: 'Search mail' });
    await expect(search).toBeFocused();
    await page.keyboard.type('cjk#e?gi');
    await expect(search).toHaveValue('cjk#e?gi');
    await expect(page).toHaveURL(inboxUrl);
    await expect(rows(page)).toHaveCount(3);
    await search.fill('');
    await page.keyboard.press('Escape');
    await blur(page);

    // c composes; in the composer the keys are text.
    await page.keyboard.press('c');
    await expect(page).toHaveURL(/\/u\/0\/compose/);
    await expect(page).toHaveTitle(/New message - Webmail$/);
    await composer.subject(page).click();
    await page.keyboard.type('jk?c');
    await expect(composer.subject(page)).toHaveValue('jk?c');
    await composer.body(page).click();
    await page.keyboard.type('ex#sgi');
    await expect(composer.body(page)).toHaveText('ex#sgi');
    await expect(page).toHaveURL(/\/u\/0\/compose/);
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();
    expect(await countIn(user, 'Archive')).toBe(1);
    expect(await countIn(user, 'Trash')).toBe(1);
  });

  test('page titles on real routes', async ({ page }) => {
    const user = newMailUser('titles');
    await seedFolders(user, { INBOX: 1 });
    await useLanguage(page, 'en');
    await page.goto('/login/password');
    await expect(page).toHaveTitle('Sign in - Webmail');
    await signInByApi(page, user, 'en');
    await expect(page).toHaveTitle('(1) Inbox - Webmail');
    await page.goto('/u/0/settings/general');
    await expect(page).toHaveTitle(/General - Webmail$/);
    await page.goto('/u/0/settings/filters');
    await expect(page).toHaveTitle(/Filters - Webmail$/);
    await page.goto('/u/0/settings/security/password');
    await expect(page).toHaveTitle(/Security - Webmail$/);
    await page.goto('/u/0/settings/contacts/contacts');
    await expect(page).toHaveTitle(/Contacts - Webmail$/);
    await page.goto('/u/0/search?search=message');
    await expect(page).toHaveTitle(/message - .+ - Webmail$/);
  });
});
