import { expect, test, type Browser, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { addRecipients, chip, composer, headerOf, messagesIn, openComposer } from '../support/compose';
import { e2eBaseUrl } from '../support/environment';
import { countIn, newMailUser, withImap, type MailUser } from '../support/mail-user';
import { signInByApi, useLanguage } from '../support/sign-in';
import { messageRow } from '../support/message-rows';

/** A page of its own browser context: another person at another computer. */
async function personAt(browser: Browser, user: MailUser): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2eBaseUrl });
  await useLanguage(context, 'en');
  const page = await context.newPage();
  await signInByApi(page, user, 'en');
  return page;
}

/** The conversation's address parts: /u/{i}/{mailboxId}/{threadId}/{messageId}. */
function conversationOf(page: Page) {
  const [, , , mailboxId, threadId, messageId] = new URL(page.url()).pathname.split('/');
  return { mailboxId, threadId, messageId };
}

const conversationItems = (page: Page) =>
  page.getByRole('list', { name: 'Messages in this conversation' }).getByRole('listitem');

/** Reply or reply all from the addressed message's toolbar, or from its menu when the reading pane is narrow. */
async function replyTo(page: Page, action: 'Reply' | 'Reply all') {
  const toolbar = page
    .locator('article[aria-current="true"]')
    .getByRole('toolbar', { name: 'Message actions' });
  const button = toolbar.getByRole('link', { name: action, exact: true });
  if (await button.isVisible()) await button.click();
  else {
    await toolbar.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: action, exact: true }).click();
  }
  await expect(page).toHaveURL(/\/compose\/[0-9a-f-]{36}$/);
}

test.describe('replies', () => {
  test.beforeEach(async ({ context }) => {
    await useLanguage(context, 'en');
  });

  test('bob answers all of a message to him and carol: alice and carol get it, bob does not, and it threads for alice and bob', async ({
    page,
    browser,
  }) => {
    // Two sends, each waiting out the suite server's 5 s undo window (global-setup), and three mailboxes to check.
    test.slow();
    const alice = newMailUser('alice');
    const bob = newMailUser('bob');
    const carol = newMailUser('carol');
    const subject = `Meeting plan ${Date.now().toString(36)}`;
    const original = 'Shall we meet on Thursday at ten?';
    const answer = 'Thursday at ten suits me, see you both there.';

    // Alice writes to bob with carol in Cc.
    await signInByApi(page, alice, 'en');
    await openComposer(page);
    await addRecipients(page, 'To', [bob.email]);
    await addRecipients(page, 'Cc', [carol.email]);
    await composer.subject(page).fill(subject);
    await composer.body(page).fill(original);
    await composer.send(page).click();
    await expect.poll(() => countIn(bob, 'INBOX'), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => countIn(alice, 'Sent'), { timeout: 30_000 }).toBe(1);
    const originalId = headerOf((await messagesIn(alice, 'Sent'))[0]!.source, 'Message-ID');
    expect(originalId).toMatch(/^<[^<>\s]+>$/);

    // Bob opens it and answers all.
    const bobPage = await personAt(browser, bob);
    try {
      await messageRow(bobPage, subject).click();
      await expect(bobPage.getByRole('heading', { name: subject, exact: true })).toBeVisible();
      await replyTo(bobPage, 'Reply all');
      await expect(chip(bobPage, new RegExp(alice.email))).toBeVisible();
      await expect(chip(bobPage, new RegExp(carol.email))).toBeVisible();
      // The To field holds alice, the Cc field carol, and bob himself is in neither.
      const to = bobPage.locator('.MuiAutocomplete-root').filter({ has: composer.field(bobPage, 'To') });
      const cc = bobPage.locator('.MuiAutocomplete-root').filter({ has: composer.field(bobPage, 'Cc') });
      await expect(to.getByRole('button', { name: new RegExp(alice.email) })).toHaveCount(1);
      await expect(cc.getByRole('button', { name: new RegExp(carol.email) })).toHaveCount(1);
      await expect(chip(bobPage, new RegExp(bob.email))).toHaveCount(0);
      await expect(composer.subject(bobPage)).toHaveValue(`Re: ${subject}`);
      await composer.body(bobPage).click();
      await bobPage.keyboard.press('Control+Home');
      await bobPage.keyboard.type(answer);
      await composer.send(bobPage).click();

      await expect.poll(() => countIn(alice, 'INBOX'), { timeout: 30_000 }).toBe(1);
      await expect.poll(() => countIn(carol, 'INBOX'), { timeout: 30_000 }).toBe(2);
      await expect.poll(() => countIn(bob, 'Sent'), { timeout: 30_000 }).toBe(1);
      // Everyone else has it: had bob been among the recipients, his copy would be there by now too.
      expect(await countIn(bob, 'INBOX')).toBe(1);

      const reply = (await messagesIn(alice, 'INBOX'))[0]!.source;
      expect(headerOf(reply, 'In-Reply-To')).toBe(originalId);
      expect(headerOf(reply, 'References')?.split(/\s+/)).toContain(originalId);
      expect(headerOf(reply, 'To')).toContain(alice.email);
      expect(headerOf(reply, 'Cc')).toContain(carol.email);
      expect(headerOf(reply, 'To')).not.toContain(bob.email);
      expect(headerOf(reply, 'Cc')).not.toContain(bob.email);
      const carolsCopy = (await messagesIn(carol, 'INBOX')).map((m) => headerOf(m.source, 'In-Reply-To'));
      expect(carolsCopy).toContain(originalId);

      // Bob's conversation: his inbox message and his answer from Sent.
      await bobPage.goto('/u/0');
      await messageRow(bobPage, subject).first().click();
      await expect(conversationItems(bobPage)).toHaveCount(2);
      await expect(conversationItems(bobPage).nth(1)).toContainText(answer);
      const bobsThread = conversationOf(bobPage).threadId;

      // Alice's conversation: the answer in her inbox and her message from Sent.
      await page.goto('/u/0');
      await messageRow(page, `Re: ${subject}`).click();
      await expect(conversationItems(page)).toHaveCount(2);
      await expect(conversationItems(page).nth(0)).toContainText(original);
      // One conversation for both: its id is derived from the root Message-ID, the same in every mailbox.
      expect(conversationOf(page).threadId).toBe(bobsThread);
    } finally {
      await bobPage.context().close();
    }
  });

  test('a reply quotes the inline images that fit the inline limit and stays saveable', async ({ page }) => {
    const bob = newMailUser('bob');
    const subject = `Photos ${Date.now().toString(36)}`;
    const small = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(2_000, 3)]);
    // Over the 512,000-byte inline limit: quoted, it would make the reply one the server refuses to save.
    const large = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(600_000, 5)]);
    const part = (cid: string, image: Buffer) =>
      [
        '--rel',
        'Content-Type: image/png',
        'Content-Transfer-Encoding: base64',
        `Content-ID: <${cid}>`,
        'Content-Disposition: inline',
        '',
        image.toString('base64').replace(/.{76}/g, '$&\r\n'),
      ].join('\r\n');
    const raw = [
      'From: Ann <ann@example.test>',
      `To: ${bob.email}`,
      `Subject: ${subject}`,
      `Date: ${new Date().toUTCString().replace('GMT', '+0000')}`,
      `Message-ID: <photos.${Date.now()}@example.test>`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/related; boundary="rel"',
      '',
      '--rel',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>Small: <img src="cid:small@example.test"> large: <img src="cid:large@example.test"></p>',
      part('small@example.test', small),
      part('large@example.test', large),
      '--rel--',
      '',
    ].join('\r\n');
    await withImap(bob, (client) => client.append('INBOX', Buffer.from(raw)).then(() => undefined));

    await signInByApi(page, bob, 'en');
    await messageRow(page, subject).click();
    await expect(page.getByRole('heading', { name: subject, exact: true })).toBeVisible();
    await replyTo(page, 'Reply');
    await expect(composer.body(page).locator('img')).toHaveCount(1);
    await expect(composer.body(page).locator('img')).toHaveAttribute(
      'src',
      `data:image/png;base64,${small.toString('base64')}`,
    );
    await composer.body(page).click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('Nice photos.');
    await expect(composer.state(page)).toHaveAttribute('data-draft-state', 'saved', { timeout: 20_000 });

    const [draft] = await messagesIn(bob, 'Drafts');
    const parsed = await simpleParser(draft!.source, { keepCidLinks: true });
    expect(parsed.attachments.map((a) => a.content.length)).toEqual([small.length]);
  });
});
