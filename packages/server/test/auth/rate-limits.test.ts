import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMailUser, startServer } from '../support/harness.testing.js';

describe('sign-in limits', () => {
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    // A short lock window so the test can see it end; the per-IP limit stays out of the way here.
    server = await startServer('sqlite', { LOGIN_LOCK_FAILURES: '10', LOGIN_LOCK_SECONDS: '8' });
  });
  afterAll(() => server.close());

  it('locks an account before the twentieth wrong password and lets the right one in after the window', async () => {
    const user = await newMailUser('locked');
    const client = server.client();
    await client.get('/api/');
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 20; i += 1) {
      const res = await client.post('/api/auth', { email: user.email, password: `wrong-${i}` });
      statuses.push(res.status);
      if (res.status === 429) retryAfter ??= res.headers.get('retry-after');
    }
    const firstLimited = statuses.indexOf(429);
    expect(firstLimited).toBeGreaterThan(-1);
    expect(firstLimited).toBeLessThan(19);
    expect(statuses.slice(0, firstLimited).every((s) => s === 401)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    // Locked means locked: even the right password waits, as long as Retry-After says.
    const locked = await client.post('/api/auth', user);
    expect(locked.status).toBe(429);
    const wait = Number(locked.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, wait * 1000 + 100));
    expect((await client.post('/api/auth', user)).status).toBe(200);
  });

  it('limits sign-in attempts per IP with Retry-After', async () => {
    const limited = await startServer('sqlite', { LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const client = limited.client();
      await client.get('/api/');
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i += 1) {
        last = await client.post<{ code: string }>('/api/auth', {
          email: `nobody${i}@example.test`,
          password: 'x',
        });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect(last?.body.code).toBe('RateLimited');
      expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
