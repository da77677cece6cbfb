import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageDetail } from '@webmail/contracts';
import type { TestClient } from '../support/http-client.testing.js';
import { composeRaw, pixelPng } from '../support/mail-fixtures.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';
import { logLines } from '../support/log-lines.testing.js';
import { deliver, folderIds, startImageHost, uidsBySubject } from '../support/reading.testing.js';

/**
 * Security 10: a signed image-proxy URL worked for 7–8 days from any session or none, and was
 * written to the request log. The mail frame is sandboxed with allow-same-origin: its image requests are
 * same-origin and carry the user's cookies, so the URL can be tied to the account it was made for.
 */
describe('Security 10: image-proxy URLs belong to their user, live hours, and stay out of logs', () => {
  const { lines, stream: logStream } = logLines();
  let host: Awaited<ReturnType<typeof startImageHost>>;
  let server: Awaited<ReturnType<typeof startServer>>;
  let alice: { email: string; password: string };
  let bob: { email: string; password: string };
  let owner: TestClient;
  let src: string;

  const subject = 'Newsletter with pictures';
  async function proxiedSrc(client: TestClient, userIndex: number): Promise<string> {
    const inbox = (
      await client.get<{ mailboxes: Array<{ id: string; specialUse: string | null }> }>(
        `/api/u/${userIndex}/mailbox`,
      )
    ).body.mailboxes.find((f) => f.specialUse === 'inbox')!.id;
    const uid = (await uidsBySubject(alice)).get(subject);
    const msg = await client.get<MessageDetail>(
      `/api/u/${userIndex}/mailbox/${inbox}/messages/${uid}?remoteContent=show`,
    );
    const found = msg.body.html?.match(/src="(\/api\/proxy\/image\?[^"]+)"/)?.[1]?.replaceAll('&amp;', '&');
    if (!found) throw new Error(`no proxied image in ${msg.body.html}`);
    return found;
  }
  const image = (client: TestClient | null, path: string) =>
    fetch(server.baseUrl + path, {
      headers: client ? { cookie: [...client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; ') } : {},
    });

  beforeAll(async () => {
    host = await startImageHost();
    server = await startServer(
      'sqlite',
      { LOG_LEVEL: 'trace', IMAGE_PROXY_TEST_RESOLVE: 'images.example.test=127.0.0.1' },
      { logStream },
    );
    [alice, bob] = await Promise.all([newMailUser('imgowner'), newMailUser('imgother')]);
    const html = `<p>Hi</p><img src="http://images.example.test:${host.port}/pic.png" alt="pic">`;
    await deliver(alice.email, [
      await composeRaw({ from: 'news@shop.example', to: alice.email, subject, html }),
    ]);
    owner = server.client();
    await owner.signIn(alice.email, alice.password);
    await folderIds(owner);
    src = await proxiedSrc(owner, 0);
  });
  afterAll(async () => {
    await server.close();
    host.server.close();
  });

  it('serves the image to the session of the account it was signed for', async () => {
    const res = await image(owner, src);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(pixelPng)).toBe(true);
  });

  it('refuses it without a session', async () => {
    // Before: 200 (the signature alone was the authorisation).
    const res = await image(null, src);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'Unauthorized' });
  });

  it("refuses it to another account's session", async () => {
    const other = server.client();
    await other.signIn(bob.email, bob.password);
    // Before: 200.
    const res = await image(other, src);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'Forbidden' });
  });

  it('names the user index: valid there, refused when another slot is named', async () => {
    const browser = server.client();
    await browser.signIn(bob.email, bob.password);
    expect((await browser.signIn(alice.email, alice.password)).userIndex).toBe(1);
    const second = await proxiedSrc(browser, 1);
    expect(new URL(second, server.baseUrl).searchParams.get('userIndex')).toBe('1');
    expect((await image(browser, second)).status).toBe(200);
    const renamed = new URL(second, server.baseUrl);
    renamed.searchParams.set('userIndex', '0');
    expect((await image(browser, renamed.pathname + renamed.search)).status).toBe(403);
  });

  it('expires within hours, on a whole hour so the URL stays the same (and cacheable) for a while', async () => {
    const exp = Number(new URL(src, server.baseUrl).searchParams.get('exp'));
    const left = exp * 1000 - Date.now();
    // Before: 7–8 days.
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(9 * 3_600_000);
    expect(exp % 3600).toBe(0);
    expect(await proxiedSrc(owner, 0)).toBe(src);
  });

  it('keeps the signed URL out of the request log', async () => {
    await image(owner, src);
    const url = new URL(src, server.baseUrl);
    const log = lines.join('');
    expect(log).toContain('incoming request');
    // Before: the log held `url":"/api/proxy/image?url=http…&exp=…&sig=…`.
    expect(log).not.toContain(url.searchParams.get('sig')!);
    expect(log).not.toContain(encodeURIComponent(url.searchParams.get('url')!));
    expect(log).toContain('/api/proxy/image?[redacted]');
  });
});
