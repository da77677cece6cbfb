import { expect, test, type Page } from '@playwright/test';
import { e2eBaseUrl } from '../support/environment';
import { countIn, newMailUser, seedFolders, withImap, type MailUser } from '../support/mail-user';
import { signInByApi, useLanguage, xsrfHeaders } from '../support/sign-in';

interface TreeFolder {
  id: string;
  name: string;
  path: string;
  retention: number | null;
  hidden: boolean;
  children: TreeFolder[];
}
const flatten = (folders: TreeFolder[]): TreeFolder[] => folders.flatMap((f) => [f, ...flatten(f.children)]);

async function tree(page: Page): Promise<TreeFolder[]> {
  const res = await page.request.get(`${e2eBaseUrl}/api/u/0/mailbox`);
  return flatten(((await res.json()) as { mailboxes: TreeFolder[] }).mailboxes);
}
const imapPaths = (user: MailUser) => withImap(user, async (c) => (await c.list()).map((e) => e.path));
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Folders' });
const dialog = (page: Page) => page.getByRole('dialog');

async function createFolder(page: Page, name: string, parent?: string) {
  await page.getByRole('button', { name: 'New folder' }).first().click();
  await dialog(page).getByLabel('Name').fill(name);
  if (parent) {
    await dialog(page).getByRole('combobox', { name: 'Parent folder' }).selectOption({ label: parent });
  }
  await dialog(page).getByRole('button', { name: 'Create' }).click();
  await expect(dialog(page)).toBeHidden();
}

test.describe('folder management', () => {
  test.beforeEach(async ({ context }) => {
    await useLanguage(context, 'en');
  });

  test('create, nest four deep, rename, reorder, hide and delete through the settings page', async ({
    page,
  }) => {
    const user = newMailUser('folders');
    await signInByApi(page, user, 'en', { path: '/u/0/settings/folders' });
    await expect(page).toHaveTitle(/Folders - Webmail/);

    await createFolder(page, 'Clients');
    await createFolder(page, 'Acme', 'Clients');
    await createFolder(page, 'Orders', 'Acme');
    await createFolder(page, 'Archive 2026', 'Orders');
    await expect
      .poll(() => imapPaths(user))
      .toEqual(expect.arrayContaining(['Clients/Acme/Orders/Archive 2026']));

    // Four levels deep, indented only to three in the sidebar (the mailbox view's).
    await page.goto('/u/0');
    const indent = async (name: string) =>
      (await sidebar(page).getByRole('link', { name, exact: true }).getByText(name).boundingBox())!.x;
    expect(await indent('Archive 2026')).toBe(await indent('Orders'));
    expect(await indent('Orders')).toBeGreaterThan(await indent('Acme'));

    await page.goto('/u/0/settings/folders');

    // Rename.
    await page.getByRole('button', { name: 'Edit Acme' }).click();
    await dialog(page).getByLabel('Name').fill('Acme Ltd');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => imapPaths(user)).toContain('Clients/Acme Ltd/Orders');

    // Reorder: a second top-level folder moved above the first.
    await createFolder(page, 'Zeta');
    const topOrder = async () =>
      (await tree(page)).filter((f) => f.path === 'Clients' || f.path === 'Zeta').map((f) => f.path);
    expect(await topOrder()).toEqual(['Clients', 'Zeta']);
    await page.getByRole('button', { name: 'More actions for Zeta' }).click();
    await page.getByRole('menuitem', { name: 'Move up' }).click();
    await expect.poll(topOrder).toEqual(['Zeta', 'Clients']);

    // Hide: no longer linked in the sidebar.
    await page.getByRole('button', { name: 'More actions for Zeta' }).click();
    await page.getByRole('menuitem', { name: 'Hide' }).click();
    await expect.poll(async () => (await tree(page)).find((f) => f.path === 'Zeta')?.hidden).toBe(true);
    await page.goto('/u/0');
    await expect(sidebar(page).getByRole('link', { name: 'Clients' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Zeta' })).toHaveCount(0);
    await page.goto('/u/0/settings/folders');

    // Delete after confirmation.
    await page.getByRole('button', { name: 'More actions for Zeta' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => imapPaths(user)).not.toContain('Zeta');
  });

  test('a system folder offers only retention; server field errors show in the form', async ({ page }) => {
    const user = newMailUser('sysfolder');
    await signInByApi(page, user, 'en', { path: '/u/0/settings/folders' });
    await page.getByRole('button', { name: 'Edit Inbox' }).click();
    await expect(dialog(page).getByLabel('Name')).toBeDisabled();
    await dialog(page).getByLabel('Delete messages automatically').check();
    await dialog(page)
      .getByRole('combobox', { name: 'Delete messages older than' })
      .selectOption({ label: '90 days' });
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(dialog(page)).toBeHidden();
    await expect
      .poll(async () => (await tree(page)).find((f) => f.path === 'INBOX')?.retention)
      .toBe(90 * 86_400_000);

    // A duplicate name passes the client's checks; the server's field error is shown under the field.
    await createFolder(page, 'Reports');
    await page.getByRole('button', { name: 'New folder' }).first().click();
    await dialog(page).getByLabel('Name').fill('reports');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await expect(dialog(page)).toContainText(/exists/i);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Leave' }).click();
    expect((await imapPaths(user)).filter((p) => p.toLowerCase() === 'reports')).toHaveLength(1);
  });

  test('invalid folder input is refused with 422 field errors and changes nothing', async ({ page }) => {
    const user = newMailUser('badfolder');
    await signInByApi(page, user, 'en');
    const headers = await xsrfHeaders(page);
    const before = await imapPaths(user);
    const post = (data: unknown) =>
      page.request.post(`${e2eBaseUrl}/api/u/0/mailbox/folders`, {
        data,
        headers,
      });
    const cases: Array<[unknown, string]> = [
      [{ name: '', parent: null }, 'name'],
      [{ name: 'a/b', parent: null }, 'name'],
      [{ name: 'Orphan', parent: 'no-such-folder' }, 'parent'],
      [{ name: 'Odd', parent: null, retention: 'soon' }, 'retention'],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect(res.status()).toBe(422);
      expect(((await res.json()) as { errors: Record<string, string[]> }).errors[field]).toBeDefined();
    }
    expect(await imapPaths(user)).toEqual(before);
  });

  test('retention removes a message older than the folder retention when the job runs', async ({ page }) => {
    const user = newMailUser('retention');
    await seedFolders(user, { Old: 2 });
    await signInByApi(page, user, 'en');
    const old = (await tree(page)).find((f) => f.path === 'Old')!;
    const headers = await xsrfHeaders(page);
    // The form offers 30–180 days; the API takes any duration, so a test can use two seconds.
    const res = await page.request.patch(`${e2eBaseUrl}/api/u/0/mailbox/folders/${old.id}`, {
      data: { retention: 2000 },
      headers,
    });
    expect(res.status()).toBe(200);
    await expect
      .poll(() => countIn(user, 'Old'), {
        timeout: 45_000,
        intervals: [2000],
      })
      .toBe(0);
  });
});
