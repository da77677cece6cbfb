import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { fetchAuthAppUrl, prefetchAuthAppUrl } from './get-auth-app-url';

/** GET /api/ answering each request with the next of `urls`, counting the requests. */
function health(...urls: Array<string | null>) {
  const sent = { count: 0 };
  server.use(
    http.get('/api/', () => {
      const authAppUrl = urls[Math.min(sent.count, urls.length - 1)] ?? null;
      sent.count += 1;
      return HttpResponse.json({ ok: true, name: 'webmail', version: '1', authAppUrl });
    }),
  );
  return sent;
}

describe('fetchAuthAppUrl', () => {
  it('takes the answer of the lookup started before it, once', async () => {
    const sent = health('https://auth.example/first', 'https://auth.example/second');

    prefetchAuthAppUrl();
    prefetchAuthAppUrl();

    await expect(fetchAuthAppUrl()).resolves.toBe('https://auth.example/first');
    expect(sent.count).toBe(1);
    await expect(fetchAuthAppUrl()).resolves.toBe('https://auth.example/second');
    expect(sent.count).toBe(2);
  });

  it('asks the server itself when nothing was started', async () => {
    const sent = health(null);

    await expect(fetchAuthAppUrl()).resolves.toBeNull();
    expect(sent.count).toBe(1);
  });

  it('answers null when the started lookup failed, so nobody is locked out', async () => {
    server.use(
      http.get('/api/', () => HttpResponse.json({ code: 'Internal', message: 'x' }, { status: 500 })),
    );

    prefetchAuthAppUrl();

    await expect(fetchAuthAppUrl()).resolves.toBeNull();
  });
});
