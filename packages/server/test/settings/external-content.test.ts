import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExternalContentSender, ExternalContentSettings, MessageDetail } from '@webmail/contracts';
import type { TestClient } from '../support/http-client.testing.js';
import { composeRaw, pixelPng } from '../support/mail-fixtures.testing.js';
import { dbKinds, newMailUser, startServer } from '../support/harness.testing.js';
import { deliver, folderIds, startImageHost, uidsBySubject } from '../support/reading.testing.js';

const settingsPath = '/api/u/0/settings/externalContent';

describe.each(dbKinds)('external content settings and remote content in messages (%s)', (db) => {
  let host: Awaited<ReturnType<typeof startImageHost>>;
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;
  let messagePath: string;

  beforeAll(async () => {
    host = await startImageHost();
    server = await startServer(db, { IMAGE_PROXY_TEST_RESOLVE: 'images.example.test=127.0.0.1' });
    const user = await newMailUser('remote');
    const raw = await composeRaw({
      from: 'Shop News <News@Shop.example>',
      to: user.email,
      subject: 'Newsletter',
      html:
        `<p>Offers</p><img src="http://images.example.test:${host.port}/pic.png" alt="offer">` +
        `<img src="http://images.example.test:${host.port}/open.gif" width="1" height="1">`,
    });
    await deliver(user.email, [raw]);
    client = server.client();
    await client.signIn(user.email, user.password);
    const inbox = (await folderIds(client)).inbox!;
    messagePath = `/api/u/0/mailbox/${inbox}/messages/${(await uidsBySubject(user)).get('Newsletter')}`;
  });
  afterAll(async () => {
    await server.close();
    host.server.close();
  });

  const open = async (query = '') => {
    const res = await client.get<MessageDetail>(messagePath + query);
    expect(res.status).toBe(200);
    return res.body;
  };

  it('holds remote content back by default (ask) and says so', async () => {
    expect((await client.get<ExternalContentSettings>(settingsPath)).body).toEqual({
      mode: 'ask',
      senders: [],
    });
    const msg = await open();
    expect(msg).toMatchObject({
      remoteContent: 'blocked',
      remoteContentBlocked: true,
      externalContentMode: 'ask',
    });
    expect(msg.html).toContain('Offers');
    expect(msg.html).not.toContain('images.example.test');
  });

  it('shows remote content once through the proxy, never the tracking pixel', async () => {
    const msg = await open('?remoteContent=show');
    expect(msg.remoteContent).toBe('shown');
    expect(msg.remoteContentBlocked).toBe(false);
    const src = msg.html!.match(/src="(\/api\/proxy\/image\?[^"]+)"/)?.[1]?.replaceAll('&amp;', '&');
    expect(src).toBeDefined();
    expect(msg.html).not.toContain('open.gif');
    // The frame is sandboxed with allow-same-origin: its image requests carry the user's cookies, and
    // the URL works only with the session it was signed for (Security 10).
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; ');
    const image = await fetch(server.baseUrl + src!, { headers: { cookie } });
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(pixelPng)).toBe(true);
    expect((await open()).remoteContent).toBe('blocked');
  });

  it('follows the mode: always shows, never blocks', async () => {
    const always = await client.patch<ExternalContentSettings>(settingsPath, { mode: 'always' });
    expect(always.body.mode).toBe('always');
    expect(await open()).toMatchObject({ remoteContent: 'shown', externalContentMode: 'always' });
    await client.patch(settingsPath, { mode: 'never' });
    expect(await open()).toMatchObject({ remoteContent: 'blocked', externalContentMode: 'never' });
    const bad = await client.patch<{ errors: Record<string, string[]> }>(settingsPath, { mode: 'sometimes' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toContain('mode');
  });

  it('keeps a per-sender allow list, duplicate-safe, and shows that sender’s remote content', async () => {
    const added = await client.post<ExternalContentSender>(`${settingsPath}/senders`, {
      address: 'news@SHOP.example',
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ address: 'news@shop.example' });
    const again = await client.post<ExternalContentSender>(`${settingsPath}/senders`, {
      address: 'News@Shop.example',
    });
    expect(again.body.id).toBe(added.body.id);
    const listed = (await client.get<ExternalContentSettings>(settingsPath)).body;
    expect(listed.senders).toEqual([added.body]);
    expect(await open()).toMatchObject({ remoteContent: 'shown', externalContentMode: 'never' });

    const invalid = await client.post<{ errors: Record<string, string[]> }>(`${settingsPath}/senders`, {
      address: 'not an address',
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors)).toContain('address');
    const tooLong = await client.post(`${settingsPath}/senders`, {
      address: `${'a'.repeat(250)}@example.com`,
    });
    expect(tooLong.status).toBe(422);

    expect((await client.delete(`${settingsPath}/senders/${added.body.id}`)).status).toBe(200);
    expect((await client.delete(`${settingsPath}/senders/${added.body.id}`)).status).toBe(404);
    expect((await open()).remoteContent).toBe('blocked');
  });

  it('requires a session and the XSRF token', async () => {
    expect((await server.client().get(settingsPath)).status).toBe(401);
    const res = await client.request('PATCH', settingsPath, { body: { mode: 'ask' }, xsrf: false });
    expect(res.status).toBe(419);
  });
});
