import path from 'node:path';
import { expect, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { addRecipients, chip, composer, messagesIn, openComposer, signInAt } from '../support/compose';
import { e2eStateDir } from '../support/environment';
import { newMailUser, type MailUser } from '../support/mail-user';
import { extraServerPort, startServer, type RunningServer } from '../support/server-process';
import { useLanguage } from '../support/sign-in';

/** The subject and text of every message in Drafts, read straight from Dovecot. */
async function draftsOf(user: MailUser) {
  const out: Array<{ subject: string; text: string }> = [];
  for (const m of await messagesIn(user, 'Drafts')) {
    const parsed = await simpleParser(m.source);
    out.push({ subject: parsed.subject ?? '', text: (parsed.text ?? '').trim() });
  }
  return out;
}

test.describe('drafts survive the server', () => {
  test.beforeEach(async ({ context }) => {
    await useLanguage(context, 'en');
  });

  test('text typed before the server is killed (SIGKILL) is intact after its restart, and Drafts holds exactly one copy', async ({
    page,
    browser,
  }) => {
    // Two server start-ups and the autosave pauses on a busy machine.
    test.slow();
    const user = newMailUser('crash');
    const subject = 'Quarterly figures – draft';
    const first = 'The first paragraph is saved before the crash.';
    const second = ' This sentence was typed just before the server died.';
    const options = {
      // Not extraServerPort itself: the demo-account specs (live events, send, PWA) use that one and its next port,
      // and they run beside this spec on the other worker.
      port: extraServerPort + 5,
      dataDir: path.join(e2eStateDir, 'server-crash'),
      logFile: path.join(e2eStateDir, 'server-crash.log'),
    };
    let server: RunningServer = await startServer(options);
    try {
      await signInAt(page, server.baseUrl, user);
      const draftId = await openComposer(page);
      await addRecipients(page, 'To', ['reader@example.test']);
      await composer.subject(page).fill(subject);
      await composer.body(page).click();
      await page.keyboard.type(first);
      await expect(composer.state(page)).toHaveAttribute('data-draft-state', 'saved', { timeout: 20_000 });
      await expect.poll(() => draftsOf(user)).toEqual([{ subject, text: first }]);

      // More typing; the server dies the moment the browser sends that text to it.
      const saveSent = page.waitForRequest(
        (r) => r.method() === 'PUT' && r.url().endsWith(`/compose/drafts/${draftId}`),
        { timeout: 20_000 },
      );
      await page.keyboard.press('End');
      await page.keyboard.type(second);
      await saveSent;
      await server.kill();
      await expect(composer.state(page)).toHaveAttribute('data-draft-state', 'notSaved', { timeout: 20_000 });
      await expect(composer.body(page)).toHaveText(first + second);

      server = await startServer(options);
      // The user reloads the draft (leaving a page with unsaved changes asks first: they leave).
      page.on('dialog', (dialog) => void dialog.accept());
      await page.goto(`${server.baseUrl}/u/0/compose/${draftId}`);
      await expect(composer.body(page)).toHaveText(first + second);
      await expect(composer.subject(page)).toHaveValue(subject);
      await expect(chip(page, 'reader@example.test')).toBeVisible();
      await expect(composer.state(page)).toHaveAttribute('data-draft-state', 'saved', { timeout: 20_000 });
      await expect.poll(() => draftsOf(user)).toEqual([{ subject, text: first + second }]);

      // Another browser, with no local copy, gets the same text from the server's Drafts.
      const elsewhere = await browser.newContext();
      try {
        await useLanguage(elsewhere, 'en');
        const other = await elsewhere.newPage();
        await signInAt(other, server.baseUrl, user);
        await other.goto(`${server.baseUrl}/u/0/compose/${draftId}`);
        await expect(composer.body(other)).toHaveText(first + second);
        await expect(composer.subject(other)).toHaveValue(subject);
      } finally {
        await elsewhere.close();
      }
      expect(await draftsOf(user)).toEqual([{ subject, text: first + second }]);
    } finally {
      await server.stop();
    }
  });
});
