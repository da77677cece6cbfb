import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cookieNames } from '@webmail/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../support/harness.testing.js';

/**
 * The build's `sign-in.html` (index.html with the sign-in page's route chunks preloaded) is the page of the sign-in
 * path and of `/` for a visitor without user 0's session; the mail area, the other sign-in steps and a signed-in `/`
 * get index.html.
 */
describe('the sign-in page of the build', () => {
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'wm-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    writeFileSync(
      path.join(dist, 'sign-in.html'),
      '<!doctype html><title>app</title><link rel="modulepreload" href="/assets/sign-in.js"><div id="root"></div>',
    );
    server = await startServer('sqlite', { WEB_DIST_DIR: dist });
  });
  afterAll(() => server.close());

  const page = async (url: string, cookie?: string) => {
    const headers: Record<string, string> = { accept: 'text/html' };
    if (cookie) headers.cookie = cookie;
    const res = await fetch(`${server.baseUrl}${url}`, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    return (await res.text()).includes('/assets/sign-in.js') ? 'sign-in.html' : 'index.html';
  };

  it('is sent for the sign-in page, with its query', async () => {
    expect(await page('/login/password')).toBe('sign-in.html');
    expect(await page('/login/password?reason=signedOut&email=a%40example.test')).toBe('sign-in.html');
  });

  it('is sent for `/` without user 0’s session, and not with it', async () => {
    expect(await page('/')).toBe('sign-in.html');
    expect(await page('/', `${cookieNames.tokenExpiry(1)}=1700000000`)).toBe('sign-in.html');
    expect(await page('/', `${cookieNames.tokenExpiry(0)}=1700000000`)).toBe('index.html');
  });

  it('is not sent for the mail area or the other sign-in steps', async () => {
    for (const url of [
      '/u/0',
      '/u/0/',
      '/u/0/INBOX',
      '/u/1/settings/general',
      '/login',
      '/login/2fa/totp',
      '/x',
    ]) {
      expect(await page(url), url).toBe('index.html');
    }
  });
});
