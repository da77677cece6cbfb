import { expect, test, type Page } from '@playwright/test';
import { restartAllNodes } from '../support/cluster';
import { addRecipients, composer, headerOf, messagesIn, openComposer } from '../support/compose';
import { deliver, recordEventStreams, waitForOpenStream } from '../support/live-events';
import { newMailUser } from '../support/mail-user';
import { signIn, useLanguage } from '../support/sign-in';

const listed = (page: Page, subject: string) =>
  page.getByRole('main').getByText(subject, { exact: true }).first();

/** Types into the body and waits until the composer says the draft is saved on the server. */
async function typeAndSave(page: Page, text: string): Promise<void> {
  await composer.body(page).pressSequentially(text);
  await expect(composer.state(page)).toHaveAttribute('data-draft-state', 'saved', { timeout: 30_000 });
}

test('a rolling restart of every node under a signed-in user: still signed in, the draft whole, the message sent once, live mail still arriving', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const user = newMailUser('rolling');
  const recipient = newMailUser('rolling-to');
  await useLanguage(page, 'en');
  await recordEventStreams(page.context());
  await signIn(page, user, 'en');
  await waitForOpenStream(page);
  await deliver(user, 'Before the restart');
  await expect(listed(page, 'Before the restart')).toBeVisible();

  await openComposer(page);
  await addRecipients(page, 'To', [recipient.email]);
  await composer.subject(page).fill('Written through a rolling restart');
  await typeAndSave(page, 'Typed before.');

  // The user keeps writing while each node in turn is drained, stopped and started again: every save lands on
  // whichever node is up.
  let restarting = true;
  const restart = restartAllNodes().finally(() => (restarting = false));
  const words: string[] = [];
  for (let i = 0; restarting || i < 2; i += 1) {
    const word = ` word${i}.`;
    await typeAndSave(page, word);
    words.push(word);
  }
  await restart;
  const body = `Typed before.${words.join('')}`;
  await expect(composer.body(page)).toHaveText(body);

  await composer.send(page).click();
  await expect.poll(async () => (await messagesIn(recipient, 'INBOX')).length, { timeout: 60_000 }).toBe(1);
  const [received] = await messagesIn(recipient, 'INBOX');
  expect(headerOf(received!.source, 'Subject')).toBe('Written through a rolling restart');
  expect(received!.source.toString('utf8')).toContain(words.at(-1)!.trim());
  // One copy in Sent, and the draft gone from Drafts: nothing doubled, nothing left behind.
  await expect.poll(async () => (await messagesIn(user, 'Sent')).length).toBe(1);
  await expect.poll(async () => (await messagesIn(user, 'Drafts')).length).toBe(0);

  // The event stream found another node by itself: new mail still shows up without a reload.
  await page.getByRole('link', { name: /^Inbox/ }).click();
  await waitForOpenStream(page);
  await deliver(user, 'After the restart');
  await expect(listed(page, 'After the restart')).toBeVisible({ timeout: 30_000 });
  // And the session lives in the database, not in a node: a reload is still signed in.
  const inboxUrl = page.url();
  await page.reload();
  await expect(page).toHaveURL(inboxUrl);
  await expect(listed(page, 'Before the restart')).toBeVisible();
});
