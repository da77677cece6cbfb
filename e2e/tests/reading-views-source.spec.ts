import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import type { MailUser } from '../support/mail-user';
import {
  baseSubject,
  encodeWord,
  expectNoAppChrome,
  fetchInboxMessage,
  fromMessageMenu,
  openConversation,
  shoot,
  test,
} from '../support/reading-views';

/** The message exactly as Dovecot stores it. */
async function sourceFromImap(user: MailUser, uid: number): Promise<Buffer> {
  const message = await fetchInboxMessage(user, uid, { source: true });
  if (!message || !message.source) throw new Error(`no source for UID ${uid}`);
  return message.source;
}

test.describe('source, print and new-tab views of a conversation', () => {
  test('show source opens the raw message in a tab; the .eml download is the stored message', async ({
    page,
  }) => {
    const { user, inboxId, messages } = await openConversation(page, 'source');
    const first = messages[0]!;

    const tab = await fromMessageMenu(page, first, 'Show source');
    await expect(tab).toHaveURL(new RegExp(`/u/0/tab/${inboxId}/messages/${first.uid}/source$`));
    await expect(tab.getByRole('heading', { level: 1, name: 'Message source' })).toBeVisible();
    await expectNoAppChrome(tab);

    const stored = await sourceFromImap(user, first.uid);
    const raw = tab.getByLabel('Raw message');
    await expect(raw).toContainText(`Message-ID: ${first.messageId}`);
    await expect(raw).toContainText(first.token);
    // The whole message, byte for byte as text: headers (with the encoded subject as sent) and body.
    expect(await raw.evaluate((pre) => pre.textContent)).toBe(stored.toString('utf8'));
    expect(await raw.textContent()).toContain(`Subject: ${encodeWord(first.subject)}`);

    const [download] = await Promise.all([
      tab.waitForEvent('download'),
      tab.getByRole('link', { name: 'Download .eml' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${baseSubject}.eml`);
    const downloaded = await readFile((await download.path())!);
    expect(downloaded.equals(stored)).toBe(true);

    for (const width of [360, 1440]) await shoot(tab, 'reading-source', width);
  });
});
