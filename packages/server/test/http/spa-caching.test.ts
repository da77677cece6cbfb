import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../support/harness.testing.js';

/**
 * The caching headers of the built SPA, service worker included: the worker and the manifest must be asked for
 * again on every update check (a year-long cache would keep a page on its old build), the hashed assets may stay.
 */
const bigChunk = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'row ${i}'`).join(', ')}];`;

describe('SPA and service worker caching', () => {
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'wm-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, 'icons'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(dist, 'workbox-0123abcd.js'), 'define([], () => {});');
    writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Webmail"}');
    writeFileSync(path.join(dist, 'icons', 'icon-192.png'), 'png');
    writeFileSync(path.join(dist, 'assets', 'index-0123abcd.js'), 'export {};');
    // What the build's precompress step writes beside a big chunk.
    writeFileSync(path.join(dist, 'assets', 'big-0123abcd.js'), bigChunk);
    writeFileSync(path.join(dist, 'assets', 'big-0123abcd.js.br'), brotliCompressSync(bigChunk));
    writeFileSync(path.join(dist, 'assets', 'big-0123abcd.js.gz'), gzipSync(bigChunk));
    server = await startServer('sqlite', { WEB_DIST_DIR: dist });
  });
  afterAll(() => server.close());

  const get = (url: string, accept = '*/*') => fetch(`${server.baseUrl}${url}`, { headers: { accept } });
  const getEncoded = (url: string, encoding: string) =>
    fetch(`${server.baseUrl}${url}`, { headers: { 'accept-encoding': encoding } });

  it('sends the precompressed copy a browser accepts, long-cached, and the plain file to one that accepts none', async () => {
    const br = await getEncoded('/assets/big-0123abcd.js', 'gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await br.text()).toBe(bigChunk);
    const gz = await getEncoded('/assets/big-0123abcd.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(bigChunk);
    const plain = await getEncoded('/assets/big-0123abcd.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(bigChunk);
  });

  it('serves the service worker uncached, as JavaScript', async () => {
    const res = await get('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect((await get('/workbox-0123abcd.js')).headers.get('cache-control')).toBe('no-cache');
  });

  it('serves the web app manifest uncached, with its media type', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(await res.json()).toEqual({ name: 'Webmail' });
  });

  it('keeps hashed assets for a year and revalidates the page and icons', async () => {
    expect((await get('/assets/index-0123abcd.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/icons/icon-192.png')).headers.get('cache-control')).toBe('no-cache');
    const page = await get('/u/0', 'text/html');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<div id="root">');
  });
});
