import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenshotDir } from '../support/environment';
import { newMailUser, seedFolders } from '../support/mail-user';
import { day, seed, seedConversation } from '../support/polish-mail';
import { signInByApi, useLanguage } from '../support/sign-in';

/**
 * Issue 13 (polish): conversation rows name their participants, the list order is kept, a drag says how many it
 * moves; on a phone a swipe archives or trashes, and snackbars leave the compose button, the storage bar and the
 * folder counts in sight.
 */

const boxOf = async (locator: Locator) => (await locator.boundingBox())!;

/** A finger moving sideways across a row (Chromium's touch input: pointer events of type touch). */
async function swipe(page: Page, row: Locator, dx: number) {
  const box = await boxOf(row);
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2 - dx / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: at, y }],
    });
  await touch('touchStart', x);
  for (let step = 1; step <= 8; step += 1) await touch('touchMove', x + (dx * step) / 8);
  await touch('touchEnd', x + dx);
  await cdp.detach();
}

test.describe('polish (issue 13)', () => {
  test('conversation rows name the participants; the list order is chosen and kept; a drag says how many it moves', async ({
    page,
  }) => {
    await useLanguage(page, 'en');
    const alice = newMailUser('alice');
    await seedConversation(alice);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInByApi(page, alice, 'en');
    // Conversations, chosen in the list header (stored with the account).
    await page.getByRole('button', { name: 'Conversations' }).click();
    const list = page.getByRole('list', { name: /Inbox/ });
    const rows = list.getByRole('listitem');
    await expect(rows).toHaveCount(3);
    const plans = rows.filter({ hasText: 'Plans' });
    // "Bob, me (3)": Bob first (he started it) and bold (his last message is unread), the user as "me".
    await expect(plans).toHaveAccessibleName(/^Bob, me, Re: Plans, .*, Unread, 3 messages in conversation$/);
    await expect(plans.getByText('Bob', { exact: true })).toHaveCSS('font-weight', '700');
    await expect(plans.getByText('me', { exact: true })).toHaveCSS('font-weight', '400');

    // By subject, ascending: Apple, (Re:) Plans, Zebra; kept for the next visit.
    const sortButton = (name: RegExp) => page.getByRole('button', { name });
    await sortButton(/^Sorted by Date, descending$/).click();
    await page.getByRole('menuitemradio', { name: 'Subject' }).click();
    await sortButton(/^Sorted by Subject, descending$/).click();
    await page.getByRole('menuitemradio', { name: 'ascending' }).click();
    await expect(rows.nth(0)).toContainText('Apple');
    await expect(rows.nth(1)).toContainText('Plans');
    await expect(rows.nth(2)).toContainText('Zebra');
    await page.reload();
    await expect(sortButton(/^Sorted by Subject, ascending$/)).toBeVisible();
    await expect(rows.nth(0)).toContainText('Apple');
    await expect(rows.nth(2)).toContainText('Zebra');

    // Select all and drag: the badge beside the pointer says the whole folder goes (5 messages).
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    const from = await boxOf(rows.nth(1));
    const archive = await boxOf(
      page.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: /^Archive/ }),
    );
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2 + 10, { steps: 4 });
    await page.mouse.move(archive.x + archive.width / 2, archive.y + archive.height / 2, { steps: 8 });
    const badge = page.locator('[data-drag-badge]');
    await expect(badge).toHaveText('5 messages');
    const placed = await boxOf(badge);
    expect(Math.abs(placed.x - (archive.x + archive.width / 2))).toBeLessThan(40);
    await page.screenshot({ path: path.join(screenshotDir, 'polish-drag-badge-1440-en.png') });
    // Let go over the list again: nothing moves, and the badge goes.
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect(badge).toHaveCount(0);
    await expect(rows).toHaveCount(3);
  });

  test('on a phone, a swipe archives or trashes with undo; snackbars leave the compose button, the storage bar and folder counts in sight', async ({
    page,
  }) => {
    await useLanguage(page, 'en');
    const alice = newMailUser('alice');
    await seedFolders(alice, { 'Long project folder name': 12 });
    await seed(alice, 'carol@example.test', [
      { subject: 'Hello', date: new Date(Date.now() - day) },
      { subject: 'Agenda', date: new Date(Date.now() - 2 * day) },
    ]);
    await page.setViewportSize({ width: 360, height: 780 });
    await signInByApi(page, alice, 'en');
    const rows = page.getByRole('list', { name: /Inbox/ }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    const fab = page.getByRole('link', { name: 'Compose' });
    const fabAlone = await boxOf(fab);
    // A finger swipes "Agenda" to the right: archived, with the mass action's snackbar.
    await swipe(page, rows.filter({ hasText: 'Agenda' }), 260);
    await expect(rows).toHaveCount(1);
    const snackbar = page.locator('[data-snackbar-stack]');
    await expect(snackbar.getByText('Archived 1 message')).toBeVisible();
    // The button moves up above the snackbar.
    await expect.poll(async () => (await boxOf(fab)).y).toBeLessThan(fabAlone.y);
    await expect
      .poll(async () => (await boxOf(fab)).y + (await boxOf(fab)).height)
      .toBeLessThanOrEqual((await boxOf(snackbar)).y);
    await page.screenshot({ path: path.join(screenshotDir, 'polish-snackbar-fab-360-en.png') });
    // In the drawer the storage bar stays above it too.
    await page.getByRole('button', { name: 'Open folders' }).click();
    const storage = page.getByRole('progressbar').first();
    await expect(storage).toBeVisible();
    await expect
      .poll(async () => (await boxOf(storage)).y + (await boxOf(storage)).height)
      .toBeLessThanOrEqual((await boxOf(snackbar)).y);
    await page.screenshot({ path: path.join(screenshotDir, 'polish-snackbar-storage-360-en.png') });

    // Folder settings: the counts wrap instead of being cut.
    await page.goto('/u/0/settings/folders');
    const details = page.locator('[data-folder-details]');
    await expect(details.first()).toBeVisible();
    const cut = await details.evaluateAll((lines) =>
      lines
        .filter((line) => line.scrollWidth > line.clientWidth + 1 || line.getBoundingClientRect().right > 360)
        .map((l) => l.textContent),
    );
    expect(cut).toEqual([]);
    await expect(page.getByText('12 unread · 12 messages')).toBeVisible();

    // Swiped to the left "Hello" goes to Trash; Undo brings it back.
    await page.goto('/u/0');
    await expect(rows).toHaveCount(1);
    await swipe(page, rows.filter({ hasText: 'Hello' }), -260);
    await expect(snackbar.getByText('1 message moved to Trash')).toBeVisible();
    await expect(rows).toHaveCount(0);
    await snackbar.getByRole('button', { name: 'Undo' }).click();
    await expect(rows.filter({ hasText: 'Hello' })).toBeVisible();
  });
});
