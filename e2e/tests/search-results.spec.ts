import { expect, test } from '@playwright/test';
import { newMailUser } from '../support/mail-user';
import { searchInBar } from '../support/search-bar';
import { imapTruth, seedSearchMail } from '../support/search-mail';
import { signInByApi, useLanguage } from '../support/sign-in';

test.describe('search in Chromium', () => {
  test('selects every result of a big search, marks them read, undoes exactly, moves them all', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const big = newMailUser('search-all');
    await seedSearchMail(big, 90);
    await useLanguage(page, 'en');
    await signInByApi(page, big, 'en');
    const seenBefore = await imapTruth(big, { text: 'bulkword', seen: true });
    const page1 = await searchInBar(page, 'bulkword');
    expect(page1.total).toBe(90);
    expect(page1.messages).toHaveLength(50);

    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await expect(page.getByText('All 90 results')).toBeVisible();
    await page.getByRole('button', { name: 'Mark as read' }).click();
    await expect(page.getByText('Done: 90 messages')).toBeVisible();
    expect(await imapTruth(big, { text: 'bulkword', seen: false })).toEqual([]);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Action undone')).toBeVisible();
    await expect.poll(() => imapTruth(big, { text: 'bulkword', seen: true })).toEqual(seenBefore);

    // Move every result to Archive: the folder counts follow.
    const archive = page.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: /^Archive/ });
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByText('Done: 90 messages')).toBeVisible();
    await expect.poll(() => imapTruth(big, { text: 'bulkword' }, ['Archive']).then((a) => a.length)).toBe(90);
    expect(await imapTruth(big, { text: 'bulkword' }, ['INBOX', 'Sent', 'Projects/Acme/2026'])).toEqual([]);
    const unseenMoved = 90 - seenBefore.length;
    await expect(archive).toHaveAccessibleName(`Archive, ${unseenMoved} unread`);
  });

  test('opening a result and going back keeps the results and the scroll position', async ({ page }) => {
    const big = newMailUser('search-back');
    await seedSearchMail(big, 60);
    await useLanguage(page, 'en');
    await page.setViewportSize({ width: 800, height: 700 }); // below 905 px the message replaces the list
    await signInByApi(page, big, 'en');
    await searchInBar(page, 'bulkword');
    const list = page.getByRole('list', { name: 'Results for bulkword' });
    const scroller = list.locator('xpath=..');
    // Scrolled far down once the rows are there to scroll over (while they are still being laid out the list is
    // shorter, and the scroll stops at its end).
    await expect
      .poll(() =>
        scroller.evaluate((el) => {
          el.scrollTo({ top: 1500 });
          return el.scrollTop;
        }),
      )
      .toBeGreaterThan(1000);
    const top = await scroller.evaluate((el) => el.scrollTop);
    // A row in the middle of the view, clicked where it is (a locator click would scroll it into view first).
    const box = (await scroller.boundingBox())!;
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const subject = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('li')?.getAttribute('aria-label') ?? '',
      at,
    );
    expect(subject).toMatch(/Bulk/);
    await page.mouse.click(at.x, at.y);
    await expect(page).toHaveURL(/\/u\/0\/search\/[^/]+\/[^/]+\/\d+\?search=bulkword$/);
    await page.getByRole('link', { name: 'Back to list' }).first().click();
    await expect(page).toHaveURL(/\/u\/0\/search\?search=bulkword$/);
    await expect(list.getByRole('listitem', { name: subject })).toBeVisible();
    expect(await scroller.evaluate((el) => el.scrollTop)).toBe(top);
  });
});
