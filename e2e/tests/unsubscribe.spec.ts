import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInAt } from '../support/compose';
import { e2eStateDir, screenshotDir } from '../support/environment';
import { countIn, newMailUser, withImap } from '../support/mail-user';
import { extraServerPort, startServer, type RunningServer } from '../support/server-process';
import { useLanguage } from '../support/sign-in';

interface Seen {
  method: string;
  path: string;
  contentType: string | undefined;
  cookie: string | undefined;
  body: string;
}

/** The list's server on loopback: records each request and answers 200. */
function startListServer() {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        path: req.url ?? '',
        contentType: req.headers['content-type'],
        cookie: req.headers.cookie,
        body: Buffer.concat(chunks).toString(),
      });
      res.writeHead(200).end('ok');
    });
  });
  return new Promise<{ server: http.Server; port: number; seen: Seen[] }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as AddressInfo).port, seen }),
    ),
  );
}

function listMessage(to: string, unsubscribeUrl: string): Buffer {
  return Buffer.from(
    [
      'From: Weekly News <news@lists.example.test>',
      `To: ${to}`,
      'Subject: Weekly News 42',
      `Date: ${new Date().toUTCString().replace('GMT', '+0000')}`,
      `Message-ID: <${Date.now()}.news@lists.example.test>`,
      'List-Id: Weekly News <weekly.lists.example.test>',
      `List-Unsubscribe: <${unsubscribeUrl}>`,
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'This week in news.',
      '',
    ].join('\r\n'),
  );
}

test.describe('one-click unsubscribe', () => {
  test.beforeEach(async ({ context }) => {
    await useLanguage(context, 'en');
  });

  test('unsubscribes from a list message: the server posts to the list (allowed on loopback by this test)', async ({
    page,
  }) => {
    const list = await startListServer();
    const user = newMailUser('unsub');
    await withImap(user, (imap) =>
      imap.append('INBOX', listMessage(user.email, `http://127.0.0.1:${list.port}/leave?id=42`), []),
    );
    // Its own server: only this one lets outbound requests reach loopback (the suite's server keeps the default).
    const server: RunningServer = await startServer({
      port: extraServerPort + 8,
      dataDir: path.join(e2eStateDir, 'server-unsubscribe'),
      logFile: path.join(e2eStateDir, 'server-unsubscribe.log'),
      env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
    });
    try {
      await signInAt(page, server.baseUrl, user);
      await page.setViewportSize({ width: 360, height: 780 });
      await page
        .getByRole('link', { name: /Weekly News 42/ })
        .first()
        .click();
      const button = page.getByRole('button', { name: 'Unsubscribe' });
      await expect(button).toBeVisible();
      await page.screenshot({ path: path.join(screenshotDir, 'unsubscribe-header-360.png') });

      await button.click();
      const dialog = page.getByRole('dialog', { name: 'Unsubscribe from this list?' });
      await expect(dialog).toContainText('Weekly News');
      await page.screenshot({ path: path.join(screenshotDir, 'unsubscribe-dialog-360.png') });
      expect(list.seen).toEqual([]);

      await dialog.getByRole('button', { name: 'Unsubscribe' }).click();
      const done = page.getByRole('dialog', { name: 'Unsubscribed' });
      await expect(done.getByRole('button', { name: 'Move their mail to Trash' })).toBeVisible();
      await page.screenshot({ path: path.join(screenshotDir, 'unsubscribe-done-360.png') });
      expect(list.seen).toEqual([
        {
          method: 'POST',
          path: '/leave?id=42',
          contentType: 'application/x-www-form-urlencoded',
          cookie: undefined,
          body: 'List-Unsubscribe=One-Click',
        },
      ]);

      await done.getByRole('button', { name: 'Move their mail to Trash' }).click();
      await expect(page.getByText('1 message moved to Trash')).toBeVisible();
      await expect.poll(() => countIn(user, 'INBOX')).toBe(0);
      // The open message went with them: the reading pane says so in place, with no request-failed notice.
      await done.getByRole('button', { name: 'Close' }).click();
      await expect(
        page.getByText('This message has been moved or deleted since you opened it.'),
      ).toBeVisible();
      await expect(page.getByText(/Request failed/)).toHaveCount(0);
      await page.screenshot({ path: path.join(screenshotDir, 'unsubscribe-gone-360.png') });
    } finally {
      await server.stop();
      list.server.close();
    }
  });
});
