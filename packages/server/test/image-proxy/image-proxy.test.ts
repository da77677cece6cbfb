import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageProxySigner } from '../../src/features/image-proxy/image-proxy-signer.js';
import { pixelPng } from '../support/mail-fixtures.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';
import { startImageHost } from '../support/reading.testing.js';

const secret = 'image-proxy-test-secret-0123456789abcdef';
const signer = new ImageProxySigner(secret);
describe('image proxy (SSRF guard)', () => {
  let host: Awaited<ReturnType<typeof startImageHost>>;
  let server: Awaited<ReturnType<typeof startServer>>;
  let plain: Awaited<ReturnType<typeof startServer>>;
  let mapped: string;
  // Proxy URLs are signed for one user and need that user's session (Security 10).
  let owner: { account: string; userIndex: number };
  const cookies = new Map<string, string>();
  const fetchAs = (url: string | URL, headers: Record<string, string> = {}) =>
    fetch(url, { headers: { cookie: cookies.get(new URL(url).origin) ?? '', ...headers } });
  const get = (base: string, url: string, signed = signer.sign(url, owner)) => fetchAs(base + signed);

  beforeAll(async () => {
    host = await startImageHost();
    mapped = `http://images.example.test:${host.port}`;
    server = await startServer('sqlite', {
      SESSION_SECRET: secret,
      IMAGE_PROXY_TEST_RESOLVE: 'images.example.test=127.0.0.1',
      IMAGE_PROXY_MAX_BYTES: String(1024 * 1024),
    });
    plain = await startServer('sqlite', { SESSION_SECRET: secret, IMAGE_PROXY_RATE_LIMIT_PER_MINUTE: '4' });
    const user = await newMailUser('proxy');
    owner = { account: user.email, userIndex: 0 };
    for (const app of [server, plain]) {
      const client = app.client();
      await client.signIn(user.email, user.password);
      cookies.set(app.baseUrl, [...client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; '));
    }
  });
  afterAll(async () => {
    await server.close();
    await plain.close();
    host.server.close();
  });

  it('serves an image of the test-mapped host, safely labelled and without client headers', async () => {
    const res = await fetchAs(server.baseUrl + signer.sign(`${mapped}/pic.png`, owner), {
      referer: 'https://webmail.example/u/0/inbox',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('cache-control')).toMatch(/max-age=/);
    expect(Buffer.from(await res.arrayBuffer()).equals(pixelPng)).toBe(true);
    const sent = host.seen.at(-1)!;
    expect(sent.cookie).toBeUndefined();
    expect(sent.referer).toBeUndefined();
    expect(sent.accept).toBe('image/*');
    expect(sent['user-agent']).toBe('Webmail image proxy');
  });

  it('accepts the mapped host only when the test configuration maps it', async () => {
    expect((await get(plain.baseUrl, `${mapped}/pic.png`)).status).not.toBe(200);
  });

  it.each([
    'http://127.0.0.1/pic.png',
    'http://127.1.2.3/',
    'http://0x7f.1/',
    'http://10.0.0.1/pic.png',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0.0.0.0/',
    'http://[::1]/pic.png',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[ff02::1]/',
    'http://localhost/pic.png',
    'http://LOCALHOST/',
    'http://224.0.0.1/',
  ])('refuses %s', async (url) => {
    const res = await get(server.baseUrl, url);
    expect(res.status).toBe(403);
  });

  // Security 6: before, the first three were not refused (the proxy tried to connect: 502).
  it.each([
    'http://[::ffff:0:7f00:1]/',
    'http://[3fff::1]/',
    'http://[5f00::1]/',
    'http://[::FFFF:0:127.0.0.1]/',
    'http://[0:0:0:0:0:ffff:7f00:1]/',
    'http://[::FFFF:127.0.0.1]/',
    'http://[::127.0.0.1]/',
    'http://[2002:7f00:1::]/',
    'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
    'http://[4000::1]/',
    'http://2130706433/',
    'http://017700000001/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.0.0.1./',
    'http://%31%32%37.0.0.1/',
    'http://①②⑦.0.0.1/',
    'http://[fe80::1%25lo]/',
  ])('refuses the notation %s before connecting', async (url) => {
    const res = await get(server.baseUrl, url);
    expect([403, 422]).toContain(res.status);
    expect(await res.json()).toMatchObject({ code: expect.stringMatching(/^(Forbidden|ValidationError)$/) });
  });

  it.each([
    'http://127.0.0.1:{port}/pic.png',
    'http://localhost/pic.png',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/pic.png',
    'http://10.1.2.3/pic.png',
  ])('refuses a redirect to %s', async (target) => {
    const to = encodeURIComponent(target.replace('{port}', String(host.port)));
    const res = await get(server.baseUrl, `${mapped}/redirect?to=${to}`);
    expect(res.status).toBe(403);
  });

  it('follows up to three redirects on allowed hosts, not four', async () => {
    const hop = (to: string) => `${mapped}/redirect?to=${encodeURIComponent(to)}`;
    const three = hop(hop(hop(`${mapped}/pic.png`)));
    expect((await get(server.baseUrl, three)).status).toBe(200);
    expect((await get(server.baseUrl, hop(three))).status).toBe(502);
  });

  it('refuses what is not a raster image, and images over the size limit', async () => {
    expect((await get(server.baseUrl, `${mapped}/page.html`)).status).toBe(415);
    expect((await get(server.baseUrl, `${mapped}/img.svg`)).status).toBe(415);
    expect((await get(server.baseUrl, `${mapped}/big.png`)).status).toBe(413);
    expect((await get(server.baseUrl, 'ftp://images.example.test/pic.png')).status).toBe(403);
    expect((await get(server.baseUrl, 'http://user:pw@images.example.test/pic.png')).status).toBe(403);
  });

  it('answers its refusals with fitting codes (Security 7)', async () => {
    // Before: 415 and 413 answered code Forbidden, 502 code NotFound.
    const code = async (url: string) =>
      ((await (await get(server.baseUrl, url)).json()) as { code: string }).code;
    expect(await code(`${mapped}/page.html`)).toBe('UnsupportedMediaType');
    expect(await code(`${mapped}/big.png`)).toBe('PayloadTooLarge');
    const hop = (to: string) => `${mapped}/redirect?to=${encodeURIComponent(to)}`;
    expect(await code(hop(hop(hop(hop(`${mapped}/pic.png`)))))).toBe('RemoteServerError');
  });

  it('answers 403 to a bad, foreign or expired signature', async () => {
    const url = `${mapped}/pic.png`;
    const signed = new URL(server.baseUrl + signer.sign(url, owner));
    const other = new URL(server.baseUrl + signer.sign(`${mapped}/big.png`, owner));
    signed.searchParams.set('sig', other.searchParams.get('sig')!);
    expect((await fetchAs(signed)).status).toBe(403);
    const tampered = new URL(server.baseUrl + signer.sign(url, owner));
    tampered.searchParams.set('url', `${mapped}/page.html`);
    expect((await fetchAs(tampered)).status).toBe(403);
    const foreign = new ImageProxySigner('another-secret-0123456789abcdef0123456789');
    expect((await get(server.baseUrl, url, foreign.sign(url, owner))).status).toBe(403);
    const expired = signer.sign(url, owner, Date.now() - 30 * 86_400_000);
    expect((await get(server.baseUrl, url, expired)).status).toBe(403);
    expect((await fetch(`${server.baseUrl}/api/proxy/image?url=x`)).status).toBe(422);
  });

  it('limits requests per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await get(plain.baseUrl, 'http://127.0.0.1/')).status);
    expect(statuses).toContain(429);
  });
});
