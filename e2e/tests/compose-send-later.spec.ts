import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addRecipients, composer, headerOf, messagesIn, openComposer, signInAt } from '../support/compose';
import { e2eStateDir, screenshotDir } from '../support/environment';
import { newMailUser } from '../support/mail-user';
import { extraServerPort, startServer, type RunningServer } from '../support/server-process';
import { useLanguage } from '../support/sign-in';

/** Moves the server's clock (TEST_CLOCK=1 only) and runs the outbox job at once. */
async function moveClock(page: Page, baseUrl: string, at: string) {
  const answer = await page.request.post(`${baseUrl}/api/test/clock`, { data: { at } });
  expect(answer.status()).toBe(200);
}

test.describe('send later', () => {
  let server: RunningServer;

  test.beforeAll(async () => {
    // Its own server with the movable clock, so no other spec's time moves. Not extraServerPort itself nor its
    // next port: the demo-account specs (live events, send, PWA) use those beside this spec on the other worker.
    server = await startServer({
      port: extraServerPort + 3,
      dataDir: path.join(e2eStateDir, 'server-send-later'),
      logFile: path.join(e2eStateDir, 'server-send-later.log'),
      env: { TEST_CLOCK: '1' },
    });
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('schedule from the composer, see it in Scheduled, reschedule; it leaves at the new time', async ({
    page,
    context,
  }) => {
    await useLanguage(context, 'en');
    const alice = newMailUser('alice');
    const bob = newMailUser('bob');
    const subject = `Later ${Date.now().toString(36)}`;
    await signInAt(page, server.baseUrl, alice);
    await page.setViewportSize({ width: 360, height: 780 });
    await openComposer(page);
    await addRecipients(page, 'To', [bob.email]);
    await composer.subject(page).fill(subject);
    await composer.body(page).fill('Waits on the server.');

    await page.getByRole('button', { name: 'Schedule send' }).click();
    const tomorrow = page.getByRole('menuitem', { name: /Tomorrow morning/ });
    await expect(tomorrow).toBeVisible();
    await page.screenshot({ path: path.join(screenshotDir, 'send-later-menu-360-en.png') });
    const scheduling = page.waitForResponse((r) => /\/compose\/send$/.test(r.url()));
    await tomorrow.click();
    const entry = (await (await scheduling).json()) as { id: string; dueAt: string; scheduled: boolean };
    expect(entry.scheduled).toBe(true);

    await page.getByRole('button', { name: 'Open folders' }).click();
    const link = page.getByRole('link', { name: /^Scheduled, 1 scheduled message/ });
    await link.click();
    const row = page.getByRole('listitem', { name: subject });
    await expect(row).toContainText('Sends');
    await page.screenshot({ path: path.join(screenshotDir, 'send-later-scheduled-360-en.png') });

    // Reschedule a day later than the first choice, through the picker's text field.
    await row.getByRole('button', { name: 'Reschedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule' });
    const later = new Date(Date.parse(entry.dueAt) + 86_400_000);
    const moving = page.waitForResponse((r) => /\/reschedule$/.test(r.url()));
    await typeDateTime(page, dialog.getByRole('group').first(), later);
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    const moved = (await (await moving).json()) as { dueAt: string };
    expect(Date.parse(moved.dueAt)).toBeGreaterThan(Date.parse(entry.dueAt));

    // The first time passes: nothing leaves. The new one passes: it is delivered once, and the view empties.
    await moveClock(page, server.baseUrl, new Date(Date.parse(entry.dueAt) + 60_000).toISOString());
    expect((await messagesIn(bob, 'INBOX')).map((m) => headerOf(m.source, 'Subject'))).not.toContain(subject);
    await moveClock(page, server.baseUrl, new Date(Date.parse(moved.dueAt) + 60_000).toISOString());
    await expect
      .poll(async () =>
        (await messagesIn(bob, 'INBOX')).filter((m) => headerOf(m.source, 'Subject') === subject),
      )
      .toHaveLength(1);
    await expect(page.getByText('No messages are waiting to be sent.')).toBeVisible();
  });
});

/** Types a date and time into MUI's sectioned field (DD.MM.YYYY HH:mm) in the user's zone (the browser's here). */
async function typeDateTime(page: Page, field: Locator, at: Date) {
  const pad = (n: number) => String(n).padStart(2, '0');
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(
    `${pad(at.getDate())}${pad(at.getMonth() + 1)}${at.getFullYear()}${pad(at.getHours())}${pad(at.getMinutes())}`,
  );
}
