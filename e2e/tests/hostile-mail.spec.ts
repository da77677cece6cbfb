import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import nodemailer from 'nodemailer';
import { e2eBaseUrl, e2eMailstackPortBase, repoRoot } from '../support/environment';
import { countIn, newMailUser } from '../support/mail-user';
import { signInByApi, useLanguage } from '../support/sign-in';

const corpusDir = path.join(repoRoot, 'mailstack/fixtures/hostile');
const corpus = readdirSync(corpusDir).filter((f) => f.endsWith('.eml'));

interface ListResponse {
  messages: Array<{ id: number; thread: string; subject: string }>;
}

test.describe('hostile mail', () => {
  test.setTimeout(300_000);

  test('the hostile corpus, delivered through LMTP and opened in Chromium, runs no script and loads nothing remote', async ({
    page,
    context,
  }) => {
    expect(corpus.length).toBeGreaterThanOrEqual(60);
    await useLanguage(context, 'en');
    const reader = newMailUser('reader');
    // One LMTP connection for the whole corpus (a transaction per message), not a connection per message.
    const lmtp = nodemailer.createTransport({
      host: '127.0.0.1',
      port: e2eMailstackPortBase + 24,
      lmtp: true,
      pool: true,
      maxConnections: 1,
      maxMessages: Infinity,
    });
    try {
      for (const file of corpus) {
        await lmtp.sendMail({
          envelope: { from: 'hostile@example.com', to: [reader.email] },
          raw: readFileSync(path.join(corpusDir, file)),
        });
      }
    } finally {
      lmtp.close();
    }
    await expect.poll(() => countIn(reader, 'INBOX')).toBe(corpus.length);

    // Traps: any dialog, any console line from a script, any request leaving for another host.
    const dialogs: string[] = [];
    const consoleLines: string[] = [];
    const outside: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('console', (message) => {
      if (/xss|hostile/i.test(message.text())) consoleLines.push(message.text());
    });
    // Only what is not the app's origin (nor data: or blob:) is routed here: the browser's driver lets the app's own
    // requests through itself, not by a round trip to this test for each of its ~840 requests.
    const escapedOrigin = e2eBaseUrl.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    await context.route(new RegExp(`^(?!${escapedOrigin}/|data:|blob:)`), (route) => {
      outside.push(route.request().url());
      return route.abort();
    });

    await signInByApi(page, reader, 'en');
    const inboxId = new URL(page.url()).pathname.split('/')[3]!;
    const list = (await (
      await page.request.get(`${e2eBaseUrl}/api/u/0/mailbox/${inboxId}/messages?limit=200`)
    ).json()) as ListResponse;
    expect(list.messages).toHaveLength(corpus.length);

    // Each message is opened the way the app moves between messages (a client-side navigation, as a click on
    // the next message does), not by reloading the whole app 82 times: the first one with a full page load.
    await page.goto(`/u/0/${inboxId}/${list.messages[0]!.thread}/${list.messages[0]!.id}`);
    for (const message of list.messages) {
      await page.evaluate((href) => {
        window.history.pushState(null, '', href);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, `/u/0/${inboxId}/${message.thread}/${message.id}`);
      // This message's conversation is shown (its subject as the reader's heading), then its body.
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(message.subject, {
        timeout: 15_000,
      });
      await expect(page.getByRole('main')).toContainText(/Hostile|hostile|\(no subject\)|Hello/);
      const sandbox = await page
        .locator('iframe[title="Message content"]')
        .first()
        .getAttribute('sandbox')
        .catch(() => null);
      if (sandbox !== null) expect(sandbox).not.toContain('allow-scripts');
    }
    // One message shown with its remote content allowed once: still nothing leaves except through the proxy.
    const withImage = list.messages.find((m) => /01: script-tag/.test(m.subject))!;
    await page.goto(`/u/0/${inboxId}/${withImage.thread}/${withImage.id}`);
    await page.getByRole('button', { name: /Show once/i }).click();
    await expect(page.getByRole('button', { name: /Show once/i })).toHaveCount(0);

    expect(dialogs).toEqual([]);
    expect(consoleLines).toEqual([]);
    expect(outside).toEqual([]);
  });
});
