import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarLimits, type AccountsResponse, type ApiError, type AvatarInfo } from '@webmail/contracts';
import type { TestClient } from '../support/http-client.testing.js';
import { dbKinds, newMailUser, startServer } from '../support/harness.testing.js';

/** POSTs one file in the field `avatar` as the browser does (multipart, cookies, XSRF header). */
async function uploadAvatar(client: TestClient, file: { name: string; type: string; content: Buffer }) {
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; ');
  const res = await fetch(`${client.baseUrl}/api/u/0/details/avatar`, {
    method: 'POST',
    headers: { cookie, 'x-xsrf-token': client.xsrf ?? '' },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as AvatarInfo & ApiError };
}

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer();

describe.each(dbKinds)('account avatar (/details/avatar, %s)', (db) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;

  beforeAll(async () => {
    server = await startServer(db);
    const user = await newMailUser('avatar');
    client = server.client();
    await client.signIn(user.email, user.password);
  });
  afterAll(() => server.close());

  it('crops a PNG and a JPEG square and resizes them on the server', async () => {
    expect((await client.get('/api/u/0/details/avatar')).status).toBe(404);

    const png = await uploadAvatar(client, {
      name: 'wide.png',
      type: 'image/png',
      content: await image(800, 400, 'png'),
    });
    expect(png.status).toBe(200);
    expect(png.body).toMatchObject({ width: avatarLimits.pixels, height: avatarLimits.pixels });
    const served = await client.get('/api/u/0/details/avatar');
    expect(served.status).toBe(200);
    const meta = await sharp(served.raw).metadata();
    expect([meta.width, meta.height]).toEqual([avatarLimits.pixels, avatarLimits.pixels]);

    const jpeg = await uploadAvatar(client, {
      name: 'tall.jpg',
      type: 'image/jpeg',
      content: await image(300, 900, 'jpeg'),
    });
    expect(jpeg.status).toBe(200);
    expect(jpeg.body).toMatchObject({ contentType: 'image/jpeg', width: 256, height: 256 });
    // A small image is cropped square but not enlarged.
    const small = await uploadAvatar(client, {
      name: 's.webp',
      type: 'image/webp',
      content: await image(120, 80, 'webp'),
    });
    expect(small.body).toMatchObject({ width: 80, height: 80 });
    const again = await client.get('/api/u/0/details/avatar');
    expect(again.headers.get('etag')).toBe(`"${small.body.etag}"`);
    // The account list (account menu, user select) points at the image, versioned by its ETag.
    const accounts = await client.get<AccountsResponse>('/api/auth/accounts');
    expect(accounts.body.accounts[0]?.avatar).toBe(`/api/u/0/details/avatar?v=${small.body.etag}`);
  });

  it('refuses a PDF and a 30 MB image with their messages and keeps the old avatar', async () => {
    const kept = await uploadAvatar(client, {
      name: 'a.png',
      type: 'image/png',
      content: await image(300, 300, 'png'),
    });
    const pdf = await uploadAvatar(client, {
      name: 'doc.pdf',
      type: 'application/pdf',
      content: Buffer.from(
        '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      ),
    });
    expect(pdf.status).toBe(422);
    expect(pdf.body.fieldErrors?.avatar?.[0]?.code).toBe('avatarNotImage');
    expect(pdf.body.message).toMatch(/single image/);

    const big = await sharp({ create: { width: 3200, height: 3200, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(30_000_000);
    const huge = await uploadAvatar(client, { name: 'huge.png', type: 'image/png', content: big });
    expect(huge.status).toBe(413);
    expect(huge.body.fieldErrors?.avatar?.[0]).toEqual({
      code: 'avatarTooLarge',
      params: { max: avatarLimits.maxBytes },
    });

    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const gifRes = await uploadAvatar(client, { name: 'a.gif', type: 'image/gif', content: gif });
    expect(gifRes.body.fieldErrors?.avatar?.[0]?.code).toBe('avatarTypeNotAllowed');

    const still = await client.get('/api/u/0/details/avatar');
    expect(still.headers.get('etag')).toBe(`"${kept.body.etag}"`);
  });

  it('removes the avatar, and no other account reads it', async () => {
    const other = server.client();
    const stranger = await newMailUser('avatar-other');
    await other.signIn(stranger.email, stranger.password);
    expect((await other.get('/api/u/0/details/avatar')).status).toBe(404);
    expect((await client.delete('/api/u/0/details/avatar')).status).toBe(200);
    expect((await client.get('/api/u/0/details/avatar')).status).toBe(404);
    expect((await client.get<AccountsResponse>('/api/auth/accounts')).body.accounts[0]?.avatar).toBeNull();
  });
});
