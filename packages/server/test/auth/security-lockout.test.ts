import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../support/http-client.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';

/**
 * Security 9: ten wrong passwords from anyone locked the address for 15 minutes, its owner
 * included. Failures from elsewhere no longer lock a device that signed in to the account before; other
 * devices wait longer after each failure; the owner sees the failures in the security log.
 */
describe('Security 9: sign-in lockout is no denial of service against the owner', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  // Time stands still unless a test moves it: a lock of 1 s cannot run out while slow requests are under way.
  const clock = {
    at: Date.now(),
    now() {
      return this.at;
    },
  };

  beforeAll(async () => {
    // Three free failures, then 1 s, 2 s, 4 s … up to a minute.
    server = await startServer('sqlite', { LOGIN_LOCK_FAILURES: '3', LOGIN_LOCK_SECONDS: '60' }, { clock });
  });
  afterAll(() => server.close());

  async function hammer(attacker: TestClient, email: string, times: number) {
    const statuses: number[] = [];
    for (let i = 0; i < times; i += 1) {
      statuses.push((await attacker.post('/api/auth', { email, password: `guess-${i}` })).status);
    }
    return statuses;
  }

  it("lets the owner's own device in while strangers' failures lock everyone else out", async () => {
    const owner = await newMailUser('owner');
    const phone = server.client();
    await phone.signIn(owner.email, owner.password);
    await phone.post('/api/auth/logout?userIndex=0');

    const attacker = server.client();
    await attacker.get('/api/');
    const statuses = await hammer(attacker, owner.email, 10);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses).toContain(429);

    // Before: 429 Retry-After ~900 for the owner too. After: the device that signed in before gets in.
    const back = await phone.post('/api/auth', owner);
    expect(back.status).toBe(200);
    expect((await phone.get('/api/u/0/mailbox')).status).toBe(200);

    // A device that never signed in to the account is still held back, right password or not.
    const stranger = server.client();
    await stranger.get('/api/');
    const held = await stranger.post<{ code: string }>('/api/auth', owner);
    expect(held.status).toBe(429);
    expect(held.body.code).toBe('RateLimited');
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);

    // The owner sees what happened: the failures, with where they came from.
    const events = await server.app.services.securityEvents.recent(owner.email);
    const failed = events.find((e) => e.type === 'signInFailed');
    expect(failed?.count).toBeGreaterThanOrEqual(10);
    expect(failed?.ip).toBe('127.0.0.1');
  });

  it('makes a device that has not signed in wait longer after each failure', async () => {
    const owner = await newMailUser('slow');
    const attacker = server.client();
    await attacker.get('/api/');
    expect(await hammer(attacker, owner.email, 3)).toEqual([401, 401, 401]);
    const waits: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const locked = await attacker.post('/api/auth', { email: owner.email, password: 'guess' });
      expect(locked.status).toBe(429);
      const wait = Number(locked.headers.get('retry-after'));
      waits.push(wait);
      clock.at += wait * 1000;
      // The lock is over: one more guess is let through, and fails.
      expect((await attacker.post('/api/auth', { email: owner.email, password: 'guess' })).status).toBe(401);
    }
    // Before: no wait at all until the tenth failure, then 15 minutes for everyone.
    expect(waits[0]).toBeGreaterThanOrEqual(1);
    expect(waits[1]).toBeGreaterThan(waits[0]!);
    expect(waits[2]).toBeGreaterThan(waits[1]!);
  });

  it("limits a known device's own failures too, without locking the account for it elsewhere", async () => {
    const owner = await newMailUser('typo');
    const laptop = server.client();
    await laptop.signIn(owner.email, owner.password);
    await laptop.post('/api/auth/logout?userIndex=0');
    const statuses = await hammer(laptop, owner.email, 5);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses).toContain(429);
    // The laptop's typos do not hold back a new device of the owner.
    const other = server.client();
    expect((await other.signIn(owner.email, owner.password)).userIndex).toBe(0);
  });
});
