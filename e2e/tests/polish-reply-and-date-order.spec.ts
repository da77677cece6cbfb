import { expect, test } from '@playwright/test';
import { composer, messagesIn } from '../support/compose';
import { e2eBaseUrl } from '../support/environment';
import { newMailUser } from '../support/mail-user';
import { day, folderIds, listOf, seed } from '../support/polish-mail';
import { signInByApi, useLanguage, xsrfHeaders } from '../support/sign-in';

/**
 * Issue 13 (polish), acceptance 2: a reply typed at the caret the composer gives lands above the quote in the
 * recipient's copy; a message moved to Trash and back stays in date order.
 */
test.describe('polish (issue 13)', () => {
  test('a reply typed right away goes above the quote; a message moved to Trash and back keeps its date place', async ({
    page,
  }) => {
    // One send through the suite server's 5 s undo window (global-setup).
    test.slow();
    await useLanguage(page, 'en');
    const alice = newMailUser('alice');
    const bob = newMailUser('bob');
    const now = Date.now();
    await seed(alice, bob.email, [
      { subject: 'Today', date: new Date(now - 60_000) },
      { subject: 'Last week', date: new Date(now - 7 * day), body: 'Shall we meet on Thursday?' },
      { subject: 'Two days ago', date: new Date(now - 2 * day) },
    ]);
    await signInByApi(page, alice, 'en');
    const rows = page.getByRole('list', { name: /Inbox/ }).getByRole('link');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Today');
    await expect(rows.nth(2)).toContainText('Last week');

    // Move "Last week" to Trash and back with the webmail's own mass action, then look at the list.
    const ids = await folderIds(page);
    const inbox = await listOf(page, ids.INBOX!);
    const old = inbox.find((m) => m.subject === 'Last week')!;
    const move = async (from: string, to: string, uid: number) => {
      const res = await page.request.post(`${e2eBaseUrl}/api/u/0/mailbox/massAction`, {
        data: {
          context: 'mailbox',
          messages: [{ mailboxId: from, messageId: uid }],
          action: 'move',
          moveToTarget: to,
        },
        headers: await xsrfHeaders(page),
      });
      expect(res.status()).toBe(200);
      return (await res.json()) as { moved?: Array<{ uidMap?: { destination: string } }> };
    };
    const out = await move(ids.INBOX!, ids.Trash!, old.id);
    await move(ids.Trash!, ids.INBOX!, Number(out.moved![0]!.uidMap!.destination));
    const back = (await listOf(page, ids.INBOX!)).find((m) => m.subject === 'Last week')!;
    expect(back.id).not.toBe(old.id);
    // The moves were made behind the page's back: read the list again as a user would.
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(rows.nth(2)).toHaveAttribute('href', new RegExp(`/${back.id}$`));
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Today');
    await expect(rows.nth(1)).toContainText('Two days ago');
    await expect(rows.nth(2)).toContainText('Last week');

    // Reply: the caret is in the body above the quote, so typing without a click answers there.
    await rows.nth(2).click();
    const toolbar = page
      .locator('article[aria-current="true"]')
      .getByRole('toolbar', { name: 'Message actions' });
    const reply = toolbar.getByRole('link', { name: 'Reply', exact: true });
    await expect(toolbar).toBeVisible();
    if (await reply.isVisible()) await reply.click();
    else {
      await toolbar.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Reply', exact: true }).click();
    }
    await expect(page).toHaveURL(/\/compose\/[0-9a-f-]{36}$/);
    await expect(composer.body(page)).toBeFocused();
    const answer = 'Thursday suits me.';
    await page.keyboard.type(answer);
    await composer.send(page).click();
    // Back in the conversation the reply belongs to, which shows the sent copy once it is delivered.
    await expect(page).toHaveURL(new RegExp(`/u/0/${ids.INBOX}/[^/]+/\\d+$`));
    const items = page.getByRole('list', { name: 'Messages in this conversation' }).getByRole('listitem');
    await expect(items).toHaveCount(2, { timeout: 30_000 });

    await expect.poll(async () => (await messagesIn(bob, 'INBOX')).length, { timeout: 30_000 }).toBe(1);
    const text = (await messagesIn(bob, 'INBOX'))[0]!.source.toString('utf8');
    const typed = text.indexOf(answer);
    expect(typed).toBeGreaterThan(-1);
    expect(typed).toBeLessThan(text.indexOf('Shall we meet on Thursday?'));
    expect(text.slice(0, typed)).not.toContain('wrote:');
  });
});
