import { expect } from '@playwright/test';
import { newMailUser, type MailUser } from '../support/mail-user';
import {
  expectNoAppChrome,
  fetchInboxMessage,
  fromConversationToolbar,
  messageCard,
  openConversation,
  printCalls,
  test,
} from '../support/reading-views';
import { signInByApi } from '../support/sign-in';

async function imapFlags(user: MailUser, uid: number): Promise<string[]> {
  const message = await fetchInboxMessage(user, uid, { flags: true });
  // Without the keywords the mail server sets itself on delivery ($HasAttachment / $HasNoAttachment).
  const flags = message && message.flags ? [...message.flags] : [];
  return flags.filter((flag) => !/^\$Has(No)?Attachment$/.test(flag)).sort();
}

test.describe('source, print and new-tab views of a conversation', () => {
  test('open in new tab shows the conversation in the tab layout, and its actions reach the server', async ({
    page,
  }) => {
    const { user, inboxId, thread, messages } = await openConversation(page, 'tab');
    const newest = messages[2]!;

    const tab = await fromConversationToolbar(page, 'Open in new tab');
    await expect(tab).toHaveURL(new RegExp(`/u/0/tab/${inboxId}/${thread}/${newest.uid}$`));
    // A tab of its own has no app chrome: the conversation's subject is the page's heading.
    await expect(tab.getByRole('heading', { level: 1, name: newest.subject })).toBeVisible();
    await expectNoAppChrome(tab);
    // Already in a tab of its own: not offered again.
    await expect(tab.getByRole('link', { name: 'Open in new tab' })).toHaveCount(0);
    const conversation = tab.getByRole('list', { name: 'Messages in this conversation' });
    await expect(conversation.getByRole('listitem')).toHaveCount(3);
    // The opener has read them all: the addressed message is open, the others folded to a line that unfolds.
    await expect(messageCard(tab, newest)).toContainText(newest.token);
    const folded = conversation.getByRole('listitem').filter({ hasNot: tab.getByRole('article') });
    await expect(folded).toHaveCount(2);
    await folded.filter({ hasText: messages[0]!.from.name }).getByRole('button', { expanded: false }).click();
    await expect(messageCard(tab, messages[0]!)).toContainText(messages[0]!.token);
    await expect.poll(() => imapFlags(user, newest.uid)).toEqual(['\\Seen']);

    const card = messageCard(tab, newest);
    await card.getByRole('button', { name: 'Star', exact: true }).click();
    await expect(card.getByRole('button', { name: 'Remove star' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => imapFlags(user, newest.uid)).toEqual(['\\Flagged', '\\Seen']);

    await card.getByRole('button', { name: 'More actions' }).click();
    await tab.getByRole('menuitem', { name: 'Mark as unread' }).click();
    await expect.poll(() => imapFlags(user, newest.uid)).toEqual(['\\Flagged']);
    // Folded to its summary line, so reading on does not mark it read again.
    await expect(card).toHaveCount(0);
    expect(await imapFlags(user, newest.uid)).toEqual(['\\Flagged']);
    // The tab stays on the conversation (in the main layout it would go back to the list).
    await expect(tab).toHaveURL(new RegExp(`/u/0/tab/${inboxId}/${thread}/${newest.uid}$`));
    await expect(tab.getByRole('heading', { level: 1, name: newest.subject })).toBeVisible();
  });

  test('tab routes need that account signed in and never show another account’s mail', async ({
    page,
    context,
  }) => {
    const { inboxId, thread, messages } = await openConversation(page, 'owner');
    const first = messages[0]!;
    const routes = {
      source: `/tab/${inboxId}/messages/${first.uid}/source`,
      print: `/tab/${inboxId}/messages/${first.uid}/print`,
      threadPrint: `/tab/${inboxId}/${thread}/print?messageId=${first.uid}`,
      conversation: `/tab/${inboxId}/${thread}/${first.uid}`,
    };
    const signInUrl = /\/login\/password\?reason=missingExpiryCookie$/;

    // Signed in as the owner at index 0, nobody at index 1: index 1 goes to the sign-in.
    for (const route of Object.values(routes)) {
      await page.goto(`/u/1${route}`);
      await expect(page).toHaveURL(signInUrl);
    }
    expect(
      (await page.request.get(`/api/u/1/mailbox/${inboxId}/messages/${first.uid}/source`)).status(),
    ).toBe(401);

    // Another account at index 1: the owner's folder and message ids name nothing of theirs.
    const other = newMailUser('other');
    await signInByApi(page, other, 'en', { userIndex: 1, path: `/u/1${routes.source}` });
    await expect(page.getByText('This message was not found.', { exact: false })).toBeVisible();
    await expect(page.getByLabel('Raw message')).toHaveCount(0);
    await page.goto(`/u/1${routes.conversation}`);
    await expect(page.getByText('This message was not found.', { exact: false })).toBeVisible();
    await expect(page.getByText(first.token)).toHaveCount(0);
    await page.goto(`/u/1${routes.print}`);
    await expect(page.getByText('The message could not be loaded.')).toBeVisible();
    await expect(page.getByText(first.token)).toHaveCount(0);
    expect(await printCalls(page)).toEqual([]);
    // The same addresses at index 0 are the owner's message.
    await page.goto(`/u/0${routes.source}`);
    await expect(page.getByLabel('Raw message')).toContainText(first.token);

    // Signed out: every tab route goes to the sign-in, nothing is printed, and the API refuses.
    await context.clearCookies();
    for (const route of Object.values(routes)) {
      await page.goto(`/u/0${route}`);
      await expect(page).toHaveURL(signInUrl);
      await expect(page.getByText(first.token)).toHaveCount(0);
      expect(await printCalls(page)).toEqual([]);
    }
    expect(
      (await page.request.get(`/api/u/0/mailbox/${inboxId}/messages/${first.uid}/source`)).status(),
    ).toBe(401);
  });
});
