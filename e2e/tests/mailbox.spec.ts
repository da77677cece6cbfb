import { expect, test, type Page } from '@playwright/test';
import { demoUsers, e2eBaseUrl } from '../support/environment';
import { countIn, newMailUser, seedFolders, withImap } from '../support/mail-user';
import { signInByApi, useLanguage } from '../support/sign-in';

interface TreeFolder {
  id: string;
  path: string;
  unseen: number;
  total: number;
  children: TreeFolder[];
}

const flatten = (folders: TreeFolder[]): TreeFolder[] => folders.flatMap((f) => [f, ...flatten(f.children)]);

async function folderByPath(page: Page, path: string): Promise<TreeFolder> {
  const res = await page.request.get(`${e2eBaseUrl}/api/u/0/mailbox`);
  const folder = flatten(((await res.json()) as { mailboxes: TreeFolder[] }).mailboxes).find(
    (f) => f.path === path,
  );
  if (!folder) throw new Error(`no folder ${path}`);
  return folder;
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Folders' });
const folderLink = (page: Page, name: string) =>
  sidebar(page).getByRole('link', { name: new RegExp(`^${name}(,|$)`) });

test.describe('the mailbox', () => {
  test.beforeEach(async ({ context }) => {
    await useLanguage(context, 'en');
  });

  test('scrolls a 5,000-message folder with a bounded DOM; select all, mark read, undo', async ({ page }) => {
    // 400 scroll steps, each waiting for the list to settle: ~30 s alone, more beside the other worker's spec.
    test.slow();
    await signInByApi(page, demoUsers.alice, 'en');
    const archive = await folderByPath(page, 'Lists/Newsletters-archive');
    expect(archive.total).toBe(5000);
    const oldest = (await (
      await page.request.get(`${e2eBaseUrl}/api/u/0/mailbox/${archive.id}/messages?offset=4999&limit=1`)
    ).json()) as { messages: Array<{ subject: string }> };
    const oldestSubject = oldest.messages[0]!.subject;
    await page.goto(`/u/0/${archive.id}`);
    const list = page.getByRole('list', { name: /Messages in/ });
    await expect(list.getByRole('listitem').first()).toBeVisible();

    // Scroll from top to bottom; the DOM never holds more than ~150 rows. The steps run inside the page (three
    // screens each, the rows counted once the list has drawn them): a step driven from the test cost a round trip
    // and a timer each, ~190 ms a step under a loaded machine, for the same scrolling.
    const { maxRows, steps } = await list.evaluate(async (ul, oldest) => {
      const frame = () => new Promise((done) => requestAnimationFrame(done));
      const showsOldest = () =>
        Array.from(ul.querySelectorAll('*')).some(
          (node) => node.textContent?.replace(/\s+/g, ' ').trim() === oldest,
        );
      let most = 0;
      for (let step = 1; step <= 400; step += 1) {
        let el: HTMLElement | null = ul.parentElement;
        while (el && el.scrollHeight <= el.clientHeight) el = el.parentElement;
        if (el) el.scrollTop += el.clientHeight * 3;
        // The scroll event handled and the rows it brings drawn.
        await frame();
        await frame();
        most = Math.max(most, ul.querySelectorAll('li').length);
        const atEnd = !el || el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
        if (atEnd && showsOldest()) return { maxRows: most, steps: step };
        await new Promise((done) => setTimeout(done, 30));
      }
      return { maxRows: most, steps: 400 };
    }, oldestSubject);
    console.log(`5,000 messages scrolled in ${steps} steps; at most ${maxRows} rows in the DOM`);
    expect(maxRows).toBeLessThanOrEqual(150);
    await expect(list.getByText(oldestSubject, { exact: true }).first()).toBeVisible();

    // Select all → mark read: the sidebar count changes before the server answers, then the server agrees.
    const unseenBefore = (await folderByPath(page, 'Lists/Newsletters-archive')).unseen;
    expect(unseenBefore).toBeGreaterThan(0);
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await expect(page.getByRole('toolbar')).toContainText('All 5,000 selected');
    await page.getByRole('toolbar').getByRole('button', { name: 'Mark as read' }).click();
    await expect(folderLink(page, 'Newsletters-archive')).toHaveAccessibleName('Newsletters-archive');
    await expect.poll(async () => (await folderByPath(page, 'Lists/Newsletters-archive')).unseen).toBe(0);

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect
      .poll(async () => (await folderByPath(page, 'Lists/Newsletters-archive')).unseen)
      .toBe(unseenBefore);
    await expect(folderLink(page, 'Newsletters-archive')).toHaveAccessibleName(
      `Newsletters-archive, ${unseenBefore.toLocaleString('en')} unread`,
    );
  });

  test('drags three messages onto a nested folder and archives a whole folder; both tabs agree', async ({
    page,
    context,
  }) => {
    const user = newMailUser('drag');
    await seedFolders(user, { INBOX: 5, Projects: 0, 'Projects/Alpha': 0, 'Projects/Alpha/Beta': 0 });
    await signInByApi(page, user, 'en');
    const other = await context.newPage();
    await other.goto(page.url());
    await expect(folderLink(other, 'Inbox')).toHaveAccessibleName('Inbox, 5 unread');

    const list = page.getByRole('list', { name: /Messages in/ });
    for (const n of [1, 2, 3]) {
      await list.getByRole('checkbox', { name: new RegExp(`INBOX message ${n}$`) }).check();
    }
    await expect(page.getByRole('toolbar')).toContainText('3 selected');
    await list.getByRole('listitem').filter({ hasText: 'INBOX message 2' }).dragTo(folderLink(page, 'Beta'));

    for (const tab of [page, other]) {
      await expect(folderLink(tab, 'Beta')).toHaveAccessibleName('Beta, 3 unread');
      await expect(folderLink(tab, 'Inbox')).toHaveAccessibleName('Inbox, 2 unread');
    }
    const beta = await folderByPath(page, 'Projects/Alpha/Beta');
    expect(beta.total).toBe(3);

    // The whole folder to Archive with '*'.
    await folderLink(page, 'Beta').click();
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('toolbar').getByRole('button', { name: 'Archive' }).click();
    for (const tab of [page, other]) {
      await expect(folderLink(tab, 'Archive')).toHaveAccessibleName('Archive, 3 unread');
      await expect(folderLink(tab, 'Beta')).toHaveAccessibleName('Beta');
    }
    const counts = {
      beta: await countIn(user, 'Projects/Alpha/Beta'),
      archive: await countIn(user, 'Archive'),
      inbox: await countIn(user, 'INBOX'),
    };
    expect(counts).toEqual({ beta: 0, archive: 3, inbox: 2 });
  });

  test('keyboard: x selects, s stars, e archives', async ({ page }) => {
    const user = newMailUser('keys');
    await seedFolders(user, { INBOX: 3 });
    await signInByApi(page, user, 'en');
    const rows = page.getByRole('list', { name: /Messages in/ }).getByRole('listitem');
    await expect(rows).toHaveCount(3);
    await rows.first().getByRole('link').focus();
    await page.keyboard.press('x');
    await expect(page.getByRole('toolbar')).toContainText('1 selected');
    await page.keyboard.press('s');
    await expect
      .poll(() =>
        withImap(user, async (c) => {
          await c.mailboxOpen('INBOX');
          return (await c.search({ flagged: true }, { uid: true })) || [];
        }),
      )
      .toHaveLength(1);
    await page.keyboard.press('e');
    await expect(rows).toHaveCount(2);
    await expect.poll(() => countIn(user, 'Archive')).toBe(1);
  });
});
