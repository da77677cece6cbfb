import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  addRecipients,
  chip,
  composer,
  headerOf,
  messagesIn,
  openComposer,
  signInAt,
} from '../support/compose';
import { e2eBaseUrl, e2eStateDir } from '../support/environment';
import { countIn, newMailUser, type MailUser } from '../support/mail-user';
import { extraServerPort, startServer } from '../support/server-process';
import { signInByApi, useLanguage } from '../support/sign-in';

interface OutboxEntry {
  id: string;
  draftId: string;
  status: string;
  dueAt: string;
  messageId: string;
}

const isSend = (url: string) => /\/api\/u\/0\/compose\/send$/.test(url);

/** Writes a message in a new composer and presses Send; resolves with the send request's answer. */
async function writeAndSend(page: Page, to: MailUser, subject: string, body: string) {
  await openComposer(page);
  await addRecipients(page, 'To', [to.email]);
  await composer.subject(page).fill(subject);
  await composer.body(page).fill(body);
  const answer = page.waitForResponse((r) => isSend(r.url()) && r.request().method() === 'POST');
  await composer.send(page).click();
  const response = await answer;
  return { response, entry: (await response.json()) as OutboxEntry };
}

/** Subjects of a folder's messages, read straight from Dovecot (encoded words left as they are). */
async function subjectsIn(user: MailUser, folder: string) {
  return (await messagesIn(user, folder)).map((m) => headerOf(m.source, 'Subject'));
}

test.describe('send, undo and retries', () => {
  test.beforeEach(async ({ context }) => {
    await useLanguage(context, 'en');
  });

  test('Undo within the window: nothing is delivered and the draft is back', async ({ page }) => {
    // Two sends through the suite server's 5 s undo window (global-setup).
    test.slow();
    const alice = newMailUser('alice');
    const bob = newMailUser('bob');
    const subject = `Undo me ${Date.now().toString(36)}`;
    const sentinel = `Sent after ${Date.now().toString(36)}`;
    await signInByApi(page, alice, 'en');

    const undone = await writeAndSend(page, bob, subject, 'On second thought, not yet.');
    expect(undone.response.status()).toBe(202);
    expect(undone.entry.status).toBe('queued');
    const snackbar = page.getByRole('status').filter({ hasText: 'Sending…' });
    await snackbar.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Sending undone. The draft is open again.')).toBeVisible();

    // The draft is back in the composer, as it was.
    await expect(page).toHaveURL(new RegExp(`/compose/${undone.entry.draftId}$`));
    await expect(composer.subject(page)).toHaveValue(subject);
    await expect(composer.body(page)).toHaveText('On second thought, not yet.');
    await expect(chip(page, bob.email)).toBeVisible();
    expect(await subjectsIn(alice, 'Drafts')).toEqual([subject]);
    const cancelled = await page.request.get(`${e2eBaseUrl}/api/u/0/compose/outbox/${undone.entry.id}`);
    expect(((await cancelled.json()) as OutboxEntry).status).toBe('cancelled');

    // A second message, due after the first one's window: once it has arrived, the first would have too.
    const later = await writeAndSend(page, bob, sentinel, 'This one may go.');
    expect(Date.parse(later.entry.dueAt)).toBeGreaterThan(Date.parse(undone.entry.dueAt));
    await expect.poll(() => countIn(bob, 'INBOX'), { timeout: 45_000 }).toBe(1);
    expect(await subjectsIn(bob, 'INBOX')).toEqual([sentinel]);
    expect(await subjectsIn(alice, 'Sent')).toEqual([sentinel]);
    expect(await subjectsIn(alice, 'Drafts')).toEqual([subject]);
    const still = await page.request.get(`${e2eBaseUrl}/api/u/0/compose/outbox/${undone.entry.id}`);
    expect(((await still.json()) as OutboxEntry).status).toBe('cancelled');
  });

  test('without an undo window the message is delivered once, even when the client repeats the send request', async ({
    page,
  }) => {
    test.slow();
    const alice = newMailUser('alice');
    const bob = newMailUser('bob');
    const subject = `Exactly once ${Date.now().toString(36)}`;
    const sentinel = `Afterwards ${Date.now().toString(36)}`;
    // The undo delay is the server's setting (SEND_UNDO_SECONDS; the client sends none): 0 sends at once.
    const server = await startServer({
      port: extraServerPort,
      dataDir: path.join(e2eStateDir, 'server-no-undo'),
      logFile: path.join(e2eStateDir, 'server-no-undo.log'),
      env: { SEND_UNDO_SECONDS: '0' },
    });
    try {
      await signInAt(page, server.baseUrl, alice);
      await openComposer(page);
      await addRecipients(page, 'To', [bob.email]);
      await composer.subject(page).fill(subject);
      await composer.body(page).fill('Please deliver me only once.');
      const sending = page.waitForRequest((r) => isSend(r.url()) && r.method() === 'POST');
      const answered = page.waitForResponse((r) => isSend(r.url()) && r.request().method() === 'POST');
      await composer.send(page).click();

      // The same request again, as a client retrying after a lost answer would: same body, same XSRF header,
      // same session cookie. Once while the first is still being delivered, once after it was.
      const request = await sending;
      const headers = await request.allHeaders();
      expect(headers['x-xsrf-token']).toBeTruthy();
      const replay = () =>
        page.request.post(request.url(), {
          data: request.postDataBuffer() ?? undefined,
          headers: {
            'content-type': headers['content-type']!,
            'x-xsrf-token': headers['x-xsrf-token']!,
            'accept-language': headers['accept-language'] ?? 'en',
          },
        });
      const [first, during] = await Promise.all([answered, replay()]);
      const after = await replay();
      expect(first.status()).toBe(200);
      const entry = (await first.json()) as OutboxEntry;
      expect(entry.status).toBe('sent');
      for (const repeated of [during, after]) {
        expect(repeated.status()).toBeLessThan(300);
        expect(((await repeated.json()) as OutboxEntry).id).toBe(entry.id);
      }
      expect(((await after.json()) as OutboxEntry).status).toBe('sent');
      await expect(page.getByText('Message sent')).toBeVisible();

      // A later message: once it is in bob's inbox, a second copy of the first would be there as well.
      await page.goto(`${server.baseUrl}/u/0`);
      await openComposer(page);
      await addRecipients(page, 'To', [bob.email]);
      await composer.subject(page).fill(sentinel);
      await composer.body(page).fill('Only to mark the end.');
      await composer.send(page).click();
      await expect.poll(() => countIn(bob, 'INBOX'), { timeout: 30_000 }).toBe(2);
      expect((await subjectsIn(bob, 'INBOX')).sort()).toEqual([subject, sentinel].sort());
      await expect.poll(() => countIn(alice, 'Sent'), { timeout: 30_000 }).toBe(2);
      expect(await countIn(alice, 'Drafts')).toBe(0);
      const ids = (await messagesIn(bob, 'INBOX')).map((m) => headerOf(m.source, 'Message-ID'));
      expect(ids).toContain(entry.messageId);
    } finally {
      await server.stop();
    }
  });
});
