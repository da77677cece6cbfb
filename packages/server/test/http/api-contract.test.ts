import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages } from '@webmail/contracts';
import { startServer } from '../support/harness.testing.js';

describe('API contract, security headers and SPA serving', () => {
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'wm-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    server = await startServer('sqlite', { WEB_DIST_DIR: dist });
  });
  afterAll(() => server.close());

  it('gives every API route an auth mode, and OpenAPI documents every route', async () => {
    const routes = server.app.services.routes.filter(
      (r) => r.method !== 'HEAD' && !r.url.endsWith('openapi.json'),
    );
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const r of routes) expect(['public', 'session']).toContain(r.auth);
    const doc = (
      await server
        .client()
        .get<{ openapi: string; paths: Record<string, Record<string, unknown>> }>('/api/openapi.json')
    ).body;
    expect(doc.openapi).toMatch(/^3\./);
    for (const r of routes) {
      const openapiPath = r.url.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '') || '/';
      const entry = doc.paths[openapiPath] ?? doc.paths[`${openapiPath}/`];
      expect(entry, `${r.method} ${r.url} in OpenAPI`).toBeDefined();
      expect(entry?.[r.method.toLowerCase()], `${r.method} ${r.url} in OpenAPI`).toBeDefined();
    }
  });

  it('tells the client whether an external sign-in application is configured', async () => {
    expect((await server.client().get<{ authAppUrl: string | null }>('/api/')).body.authAppUrl).toBeNull();
    const external = await startServer('sqlite', { AUTH_APP_URL: 'https://login.example.org/app/' });
    try {
      const res = await external.client().get<{ authAppUrl: string | null }>('/api/');
      expect(res.body.authAppUrl).toBe('https://login.example.org/app');
    } finally {
      await external.close();
    }
  });

  it('sends security headers', async () => {
    const res = await server.client().get('/api/');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('serves the SPA for deep links and keeps JSON 404s for the API', async () => {
    const page = await fetch(`${server.baseUrl}/u/0/abc/def/1`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const api = await server.client().get<{ code: string }>('/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.body.code).toBe('NotFound');
  });

  it('serves the message catalogue of every language, and 422 for an unknown one', async () => {
    for (const lang of languages) {
      const res = await server
        .client()
        .get<Record<string, unknown>>(`/api/translations/${lang}/root.webmail`);
      expect(res.status, lang).toBe(200);
      expect(Object.keys(res.body).length, lang).toBeGreaterThan(0);
    }
    expect((await server.client().get('/api/translations/xx/root.webmail')).status).toBe(422);
  });

  it('sends the catalogue compressed to a browser that accepts it, the same JSON as the plain answer', async () => {
    const url = `${server.baseUrl}/api/translations/fi/root.webmail`;
    const plain = await rawGet(url, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const catalogue = JSON.parse(plain.body.toString('utf8')) as Record<string, unknown>;
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const answer = await rawGet(url, accept);
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.headers.vary, accept).toMatch(/Accept-Encoding/i);
      expect(answer.headers['content-type'], accept).toMatch(/^application\/json/);
      expect(answer.body.length, accept).toBeLessThan(plain.body.length / 3);
      expect(JSON.parse(decode(answer.body).toString('utf8')), accept).toEqual(catalogue);
    }
  });
});

/** A GET that shows the bytes as sent (fetch would decompress them). */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}
