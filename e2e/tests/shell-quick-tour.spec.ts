import { expect, test, type Page } from '@playwright/test';
import { newMailUser, type MailUser } from '../support/mail-user';
import {
  setInitialVersion,
  signInOnTourServer,
  startTourServer,
  type TourServer,
} from '../support/onboarding';
import { pick } from '../support/settings';
import { signInByApi, useLanguage } from '../support/sign-in';

const desktop = { width: 1280, height: 800 };

/** The details as the server holds them, read with the page's own session. */
async function storedMeta(page: Page, baseUrl: string) {
  const res = await page.request.get(`${baseUrl}/api/u/0/details`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { meta: { onBoardingCompleted: boolean; initialVersion: number } }).meta;
}

/** Waits until the page has read the user details (the onboarding decision is made from them). */
const detailsRead = (page: Page) =>
  page.waitForResponse((r) => /\/api\/u\/0\/details$/.test(r.url()) && r.request().method() === 'GET');

test.describe('quick settings drawer', () => {
  test('a change in the drawer applies at once and survives a reload', async ({ page }) => {
    await useLanguage(page, 'en');
    await page.setViewportSize(desktop);
    await signInByApi(page, newMailUser('quick'), 'en');

    const cog = page.getByRole('button', { name: 'Quick settings' });
    await cog.click();
    const drawer = page.getByRole('dialog', { name: 'Quick settings' });
    await expect(drawer).toBeVisible();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/config') && r.request().method() === 'PATCH',
    );
    await pick(drawer.getByRole('radio', { name: 'Dark' }));
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'blue-dark');
    await pick(drawer.getByRole('radio', { name: 'Compact' }));
    expect((await saved).ok()).toBe(true);

    // Escape closes it; after a reload the choices are what the server keeps.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(cog).toBeFocused();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'blue-dark');
    await page.getByRole('button', { name: 'Quick settings' }).click();
    await expect(drawer.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expect(drawer.getByRole('radio', { name: 'Compact' })).toBeChecked();

    await drawer.getByRole('link', { name: 'All settings' }).click();
    await expect(page).toHaveURL(/\/u\/0\/settings(\/|$)/);
    await expect(drawer).toBeHidden();
  });
});

test.describe('onboarding tour', () => {
  let server: TourServer;
  test.beforeAll(async () => {
    server = await startTourServer('tour', 4);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('a new account (version 3) is welcomed by the modal; Skip ends it for good', async ({ page }) => {
    await useLanguage(page, 'en');
    await page.setViewportSize(desktop);
    const user = newMailUser('welcome');
    await signInOnTourServer(page, server, user, 'en');

    const welcome = page.getByRole('dialog', { name: 'Welcome to Webmail' });
    await expect(welcome).toBeVisible();
    await welcome.getByRole('button', { name: 'Skip' }).click();
    await expect(welcome).toBeHidden();
    // The tab route goes on to the inbox.
    await expect(page).toHaveURL(new RegExp(`^${server.baseUrl}/u/0/[^/]+$`));
    await expect(page.getByRole('navigation', { name: 'Folders' })).toBeVisible();
    await expect.poll(async () => (await storedMeta(page, server.baseUrl)).onBoardingCompleted).toBe(true);
    expect((await storedMeta(page, server.baseUrl)).initialVersion).toBe(3);

    const read = detailsRead(page);
    await page.reload();
    await read;
    await expect(page.getByRole('navigation', { name: 'Folders' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('an older account gets the tour at once: Next through all five steps, Done returns to the inbox', async ({
    page,
  }) => {
    await useLanguage(page, 'en');
    await page.setViewportSize(desktop);
    const user = newMailUser('tour');
    setInitialVersion(server, user, 2);
    await signInOnTourServer(page, server, user, 'en');
    await expect(page.getByRole('dialog', { name: 'Welcome to Webmail' })).toHaveCount(0);

    const steps = [
      { title: 'Welcome', anchor: null },
      { title: 'Folders', anchor: '[data-tour="folders"]' },
      { title: 'Quick settings', anchor: '[data-tour="quick-settings"]' },
      { title: 'All settings', anchor: '[data-tour="quick-settings"]' },
      { title: 'Security', anchor: '[data-tour="security"]' },
    ];
    for (const [i, step] of steps.entries()) {
      const dialog = page.getByRole('alertdialog', { name: step.title });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(`Step ${i + 1} of 5`)).toBeVisible();
      if (step.anchor) await expect(page.locator(step.anchor)).toBeVisible();
      const last = i === steps.length - 1;
      if (last) await expect(page).toHaveURL(/\/u\/0\/settings\/security\/2fa$/);
      // Keyboard: the primary button has the focus; Enter presses it.
      const primary = dialog.getByRole('button', { name: last ? 'Done' : 'Next' });
      await expect(primary).toBeFocused();
      await page.keyboard.press('Enter');
    }
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`^${server.baseUrl}/u/0/(?!settings|tab)[^/]+$`));
    await expect.poll(async () => (await storedMeta(page, server.baseUrl)).onBoardingCompleted).toBe(true);
  });

  test('the tour closes when the window narrows to a phone, and is not completed by that', async ({
    page,
  }) => {
    await useLanguage(page, 'en');
    await page.setViewportSize(desktop);
    const user: MailUser = newMailUser('narrow');
    setInitialVersion(server, user, 2);
    await signInOnTourServer(page, server, user, 'en');
    await expect(page.getByRole('alertdialog', { name: 'Welcome' })).toBeVisible();

    await page.setViewportSize({ width: 360, height: 780 });
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect((await storedMeta(page, server.baseUrl)).onBoardingCompleted).toBe(false);
  });
});
