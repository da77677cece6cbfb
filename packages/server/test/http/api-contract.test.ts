import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
});
