import { expect, test, type Page } from '@playwright/test';
import { demoUsers } from '../support/environment';
import { signIn, submitSignIn, useLanguage } from '../support/sign-in';

interface Folder {
  id: string;
  name: string;
  specialUse: string | null;
  children: Folder[];
}

const flatten = (folders: Folder[]): Folder[] => folders.flatMap((f) => [f, ...flatten(f.children)]);

/** A user's folders, read from the API with this browser's cookies. */
async function foldersOf(page: Page, userIndex: number): Promise<Folder[]> {
  const response = await page.request.get(`/api/u/${userIndex}/mailbox`);
  expect(response.ok()).toBe(true);
  return flatten(((await response.json()) as { mailboxes: Folder[] }).mailboxes);
}

/** A custom folder name that only the first list has: it tells whose mailbox a page shows. */
function ownFolderName(mine: Folder[], theirs: Folder[]): string {
  const names = new Set(theirs.map((f) => f.name));
  const found = mine.find((f) => !f.specialUse && !names.has(f.name));
  if (!found) throw new Error('the demo accounts have the same folders');
  return found.name;
}

const accountButton = (page: Page, name: string) => page.getByRole('button', { name: `Account: ${name}` });

async function openAccountMenu(page: Page, name: string) {
  await accountButton(page, name).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

async function closeMenu(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
}

test.describe('several accounts on one device', () => {
  test.beforeEach(async ({ context }) => {
    await useLanguage(context, 'en');
  });

  test('add an account in a new tab; both tabs stay in sync through sign-out', async ({ page, context }) => {
    const { alice, bob } = demoUsers;
    await signIn(page, alice, 'en', 0);

    // "Add another account" opens the password sign-in in a new tab; this tab stays on Alice's inbox.
    let menu = await openAccountMenu(page, alice.name);
    const [tab2] = await Promise.all([
      context.waitForEvent('page'),
      menu.getByRole('menuitem', { name: 'Add another account' }).click(),
    ]);
    await expect(tab2).toHaveURL(/\/login\/password$/);
    await expect(page).toHaveURL(/\/u\/0\/[^/]+$/);
    await submitSignIn(tab2, bob, 'en');
    await expect(tab2).toHaveURL(/\/u\/1\/[^/]+$/);

    // Both accounts in both tabs' dropdowns, without a reload of the first tab.
    menu = await openAccountMenu(page, alice.name);
    await expect(menu.getByRole('menuitem', { name: new RegExp(bob.email) })).toHaveAttribute('href', '/u/1');
    await closeMenu(page);
    menu = await openAccountMenu(tab2, bob.name);
    await expect(menu.getByRole('menuitem', { name: new RegExp(alice.email) })).toHaveAttribute(
      'href',
      '/u/0',
    );
    await closeMenu(tab2);

    // /u/0 is Alice's mailbox, /u/1 Bob's: each tab shows a folder only its own account has.
    const aliceFolders = await foldersOf(page, 0);
    const bobFolders = await foldersOf(page, 1);
    const aliceOnly = ownFolderName(aliceFolders, bobFolders);
    const bobOnly = ownFolderName(bobFolders, aliceFolders);
    const folderNav = (p: Page) => p.getByRole('navigation', { name: 'Folders' });
    await page.goto('/u/0');
    await expect(folderNav(page).getByText(aliceOnly, { exact: true })).toBeVisible();
    await expect(folderNav(page).getByText(bobOnly, { exact: true })).toHaveCount(0);
    await expect(accountButton(page, alice.name)).toBeVisible();
    await tab2.goto('/u/1');
    await expect(folderNav(tab2).getByText(bobOnly, { exact: true })).toBeVisible();
    await expect(folderNav(tab2).getByText(aliceOnly, { exact: true })).toHaveCount(0);
    await expect(accountButton(tab2, bob.name)).toBeVisible();

    // Bob signs out in the second tab: that tab goes to the account list (Alice remains), and the first
    // tab's dropdown no longer offers Bob.
    menu = await openAccountMenu(tab2, bob.name);
    await menu.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    await expect(tab2).toHaveURL(/\/login$/);
    await expect(tab2.getByRole('button', { name: /^Alice/ })).toBeVisible();
    await expect(tab2.getByRole('button', { name: /^Bob/ })).toHaveCount(0);
    menu = await openAccountMenu(page, alice.name);
    await expect(menu.getByRole('menuitem', { name: new RegExp(bob.email) })).toHaveCount(0);

    // "Sign out of all accounts" leaves the password sign-in, in both tabs.
    await menu.getByRole('menuitem', { name: 'Sign out of all accounts' }).click();
    await expect(page).toHaveURL(/\/login\/password$/);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(tab2).toHaveURL(/\/login\/password$/);
    expect((await context.cookies()).filter((c) => c.name.startsWith('wm_exp_'))).toEqual([]);
  });

  test('without the expiry cookie a user index is not signed in', async ({ page, context }) => {
    await signIn(page, demoUsers.alice, 'en', 0);
    await signIn(page, demoUsers.bob, 'en', 1);
    const bobInbox = new URL(page.url()).pathname;

    await context.clearCookies({ name: 'wm_exp_1' });
    await page.goto(bobInbox);
    await expect(page).toHaveURL(/\/login\/password\?reason=missingExpiryCookie$/);
    await expect(page.getByText(/not signed in/i)).toBeVisible();

    await page.goto('/u/abc/INBOX');
    await expect(page).toHaveURL(/\/login\/password\?reason=missingExpiryCookie$/);

    // Alice's session is untouched.
    await page.goto('/u/0');
    await expect(page).toHaveURL(/\/u\/0\/[^/]+$/);
  });
});
