import { expect, test, type Page } from '@playwright/test';
import { e2eBaseUrl } from '../support/environment';
import { countIn, newMailUser, seedFolders } from '../support/mail-user';
import { signInByApi, useLanguage, xsrfHeaders } from '../support/sign-in';

declare global {
  interface Window {
    seenAlerts?: string[];
  }
}

/**
 * Every element with role=alert that ever appears, however briefly: an error snackbar shown and replaced within a
 * second would slip past a check made afterwards.
 */
async function recordAlerts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.seenAlerts = [];
    const note = (node: Node) => {
      if (!(node instanceof HTMLElement)) return;
      const alerts = [node, ...node.querySelectorAll('[role="alert"]')].filter(
        (el) => el.getAttribute('role') === 'alert',
      );
      for (const el of alerts) window.seenAlerts!.push(el.textContent ?? '');
    };
    new MutationObserver((records) => {
      for (const record of records) record.addedNodes.forEach(note);
    }).observe(document, { childList: true, subtree: true });
  });
}

/** API requests in flight (the event stream left out: it stays open). */
function trackRequests(page: Page) {
  const open = new Set<string>();
  const failed: string[] = [];
  const isApi = (url: string) => url.includes('/api/') && !/\/api\/u\/\d+$/.test(new URL(url).pathname);
  page.on('request', (request) => {
    if (isApi(request.url())) open.add(request.url() + request.method());
  });
  const done = (url: string, method: string) => open.delete(url + method);
  page.on('requestfinished', (request) => done(request.url(), request.method()));
  page.on('requestfailed', (request) => done(request.url(), request.method()));
  page.on('response', (response) => {
    if (isApi(response.url()) && response.status() >= 400)
      failed.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return { inFlight: () => open.size, failed };
}

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Message actions' });

async function openFirstMessage(page: Page, subject: string) {
  await page
    .getByRole('list', { name: /Messages in/ })
    .getByRole('link', { name: new RegExp(subject) })
    .click();
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
}

async function chooseFromMenu(page: Page, item: string) {
  await toolbar(page).getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/**
 * Archive, move and delete of the open message in the reading pane (3-panel, desktop): the action succeeds, the
 * pane goes on to the next message, and no error is ever shown — the moved message's conversation and detail are
 * not asked for again (they would answer 404 "message not found").
 */
test('actions from the reading pane never raise an error notice', async ({ page }) => {
  await useLanguage(page, 'en');
  await recordAlerts(page);
  const requests = trackRequests(page);
  const user = newMailUser('quiet-actions');
  await seedFolders(user, { Projects: 0, INBOX: 4 });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByApi(page, user, 'en');
  const res = await page.request.patch(`${e2eBaseUrl}/api/u/0/details`, {
    data: { view_mode: '3-panel' },
    headers: await xsrfHeaders(page),
  });
  expect(res.status()).toBe(200);
  await page.reload();

  const settled = async () => {
    await expect.poll(() => requests.inFlight()).toBe(0);
    expect(await page.evaluate(() => window.seenAlerts)).toEqual([]);
    expect(requests.failed).toEqual([]);
  };

  await openFirstMessage(page, 'INBOX message 4');
  await chooseFromMenu(page, 'Archive');
  await expect.poll(() => countIn(user, 'Archive')).toBe(1);
  await settled();
  await expect(page.getByRole('status').filter({ hasText: /Archived 1 message/ })).toBeVisible();

  await openFirstMessage(page, 'INBOX message 3');
  await chooseFromMenu(page, 'Move to…');
  await page
    .getByRole('menuitem', { name: 'Projects' })
    .or(page.getByRole('option', { name: 'Projects' }))
    .click();
  await expect.poll(() => countIn(user, 'Projects')).toBe(1);
  await settled();
  await expect(page.getByRole('status').filter({ hasText: /Moved 1 message to Projects/ })).toBeVisible();

  await openFirstMessage(page, 'INBOX message 2');
  await chooseFromMenu(page, 'Delete');
  await expect.poll(() => countIn(user, 'Trash')).toBe(1);
  await settled();
  await expect(page.getByRole('status').filter({ hasText: /moved to Trash/ })).toBeVisible();
  expect(await countIn(user, 'INBOX')).toBe(1);
});
