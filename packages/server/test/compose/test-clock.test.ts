import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/infra/config.js';
import { startServer } from '../support/harness.testing.js';

describe('the test clock hook', () => {
  it('is not registered unless TEST_CLOCK=1, and moves the clock when it is', async () => {
    const plain = await startServer('sqlite');
    try {
      expect(plain.app.services.routes.some((r) => r.url.startsWith('/api/test'))).toBe(false);
      const res = await fetch(`${plain.baseUrl}/api/test/clock`, { method: 'POST', body: '{}' });
      expect(res.status).not.toBe(200);
    } finally {
      await plain.close();
    }
    const testing = await startServer('sqlite', { TEST_CLOCK: '1' });
    try {
      const target = Date.now() + 5 * 86_400_000;
      const res = await fetch(`${testing.baseUrl}/api/test/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ at: new Date(target).toISOString() }),
      });
      expect(res.status).toBe(200);
      const { now } = (await res.json()) as { now: string };
      expect(Date.parse(now)).toBeGreaterThanOrEqual(target);
    } finally {
      await testing.close();
    }
  });

  it('cannot be switched on in a production configuration', () => {
    expect(() =>
      loadConfig({ TEST_CLOCK: '1', NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }),
    ).toThrow(/TEST_CLOCK/);
  });
});
