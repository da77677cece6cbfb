import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cookieNames } from '@webmail/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../support/harness.testing.js';

/**
 * A build's pages: the app, and the two sign-in pages packages/web/scripts/html-pages.ts writes; each starts the app
 * by an inline script with attributes, the drawn one also checks its drawing by a second.
 */
const start = 'startApp()';
const check = "document.documentElement.classList.add('undrawn')";
const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
function distWithSignInPages(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'wm-dist-'));
  const starting = `<script data-entry="/assets/index.js">${start}</script><script defer src="/assets/start.js"></script>`;
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><title>app</title>${starting}<div id="root"></div>`,
  );
  const chunks = '<link rel="modulepreload" href="/assets/sign-in.js">';
  writeFileSync(
    path.join(dist, 'sign-in-plain.html'),
    `<!doctype html><title>plain</title>${chunks}${starting}<div id="root"></div>`,
  );
  writeFileSync(
    path.join(dist, 'sign-in.html'),
    `<!doctype html><title>drawn</title>${chunks}<script>${check}</script>${starting}<div id="root"><div id="drawn"></div></div>`,
  );
  return dist;
}

const cspOf = (res: Response) => res.headers.get('content-security-policy') ?? '';

/**
 * The build's sign-in page (index.html with the sign-in page's route chunks preloaded, and drawn where the page is
 * the built-in form alone) is the page of the sign-in path and of `/` for a visitor without user 0's session; the
 * mail area, the other sign-in steps and a signed-in `/` get index.html.
 */
describe('the sign-in page of the build', () => {
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    server = await startServer('sqlite', { WEB_DIST_DIR: distWithSignInPages() });
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

  it('is the drawn page, whose inline scripts (and no others) its policy allows by hash', async () => {
    const signIn = await fetch(`${server.baseUrl}/login/password`, { headers: { accept: 'text/html' } });
    expect(await signIn.text()).toContain('<title>drawn</title>');
    const api = await fetch(`${server.baseUrl}/api/`);
    // The same policy as every other answer, with the scripts' hashes added to script-src.
    expect(cspOf(api)).toContain("script-src 'self';");
    expect(cspOf(signIn)).toBe(
      cspOf(api).replace("script-src 'self'", `script-src 'self' ${hashOf(check)} ${hashOf(start)}`),
    );
  });

  it('carries the hash of the start script on the app’s page, as the fallback and by its own name', async () => {
    const api = await fetch(`${server.baseUrl}/api/`);
    const expected = cspOf(api).replace("script-src 'self'", `script-src 'self' ${hashOf(start)}`);
    for (const url of ['/u/0/INBOX', '/index.html']) {
      const res = await fetch(`${server.baseUrl}${url}`, { headers: { accept: 'text/html' } });
      expect(await res.text(), url).toContain('<title>app</title>');
      expect(cspOf(res), url).toBe(expected);
    }
  });

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

describe('the sign-in page where an external application signs in', () => {
  it('is the page that draws nothing (the app leaves for the external application)', async () => {
    const server = await startServer('sqlite', {
      WEB_DIST_DIR: distWithSignInPages(),
      AUTH_APP_URL: 'https://login.example.org/app/',
    });
    try {
      const res = await fetch(`${server.baseUrl}/login/password`, { headers: { accept: 'text/html' } });
      expect(await res.text()).toContain('<title>plain</title>');
      expect(cspOf(res)).not.toContain(hashOf(check));
      expect(cspOf(res)).toContain(hashOf(start));
    } finally {
      await server.close();
    }
  });
});
