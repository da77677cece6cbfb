import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMailUser, startServer } from '../support/harness.testing.js';

/**
 * Security 2: the device id names the browser and lists its accounts. A client-chosen id was
 * kept at sign-in, so whoever knew it could list the device's accounts and sign them all out.
 */
describe('Security 2: the device id is the server’s, signed, and not enough to sign anyone out', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let victim: { email: string; password: string };
  const invented = 'attacker-chosen-device-id-0001';

  beforeAll(async () => {
    server = await startServer('sqlite');
    victim = await newMailUser('device');
  });
  afterAll(() => server.close());

  it('replaces a device id the client invented, so knowing it lists nothing and signs no one out', async () => {
    const browser = server.client();
    browser.cookies.set('wm_device', { value: invented, attributes: '' });
    await browser.get('/api/');
    await browser.signIn(victim.email, victim.password);

    const attacker = server.client();
    await attacker.get('/api/');
    attacker.cookies.set('wm_device', { value: invented, attributes: '' });
    // Before: 200 {accounts:[{uid:0, email: victim}]}. After: 200 {accounts:[]}.
    const listed = await attacker.get<{ accounts: unknown[] }>('/api/auth/accounts');
    expect(listed.status).toBe(200);
    expect(listed.body.accounts).toEqual([]);
    // Before: 200 and the victim's session ended. After: refused (no valid device: 419, or 401 without a
    // session of the device), and the victim stays signed in.
    const out = await attacker.post<{ code: string }>('/api/auth/logoutAll');
    expect([401, 419]).toContain(out.status);
    expect((await browser.get('/api/u/0/mailbox')).status).toBe(200);
    // Before: the invented id was kept (wm_device=attacker-chosen-device-id-0001).
    expect(browser.cookies.get('wm_device')?.value).not.toBe(invented);
  });

  it('does not accept an unsigned or altered device cookie', async () => {
    const browser = server.client();
    await browser.signIn(victim.email, victim.password);
    const issued = browser.cookies.get('wm_device')!.value;
    const [id] = issued.split('.');
    for (const forged of [id!, `${id}.${'A'.repeat(43)}`, `${id}x.${issued.split('.')[1]}`]) {
      const copy = server.client();
      for (const [k, v] of browser.cookies) copy.cookies.set(k, v);
      copy.cookies.set('wm_device', { value: forged, attributes: '' });
      expect((await copy.get<{ accounts: unknown[] }>('/api/auth/accounts')).body.accounts).toEqual([]);
      expect((await copy.get('/api/u/0/mailbox')).status).toBe(401);
    }
    expect((await browser.get('/api/u/0/mailbox')).status).toBe(200);
  });

  it('gives a device that remembers no account a fresh id at sign-in, and keeps one that does', async () => {
    const browser = server.client();
    await browser.signIn(victim.email, victim.password);
    const first = browser.cookies.get('wm_device')!.value;
    await browser.post('/api/auth/logout?userIndex=0');
    await browser.signIn(victim.email, victim.password);
    expect(browser.cookies.get('wm_device')!.value).toBe(first);
    expect((await browser.request('DELETE', '/api/auth/removeDeviceUsers')).status).toBe(200);
    await browser.signIn(victim.email, victim.password);
    expect(browser.cookies.get('wm_device')!.value).not.toBe(first);
  });

  it('asks for a session of this device to sign out of all accounts', async () => {
    const browser = server.client();
    await browser.signIn(victim.email, victim.password);
    await browser.post('/api/auth/logout?userIndex=0');
    // Only remembered, none signed in: logoutAll is refused, forgetting the device still works.
    expect((await browser.post('/api/auth/logoutAll')).status).toBe(401);
    expect((await browser.get<{ accounts: unknown[] }>('/api/auth/accounts')).body.accounts).toHaveLength(1);
    await browser.signIn(victim.email, victim.password);
    expect((await browser.post('/api/auth/logoutAll')).status).toBe(200);
    expect((await browser.get<{ accounts: unknown[] }>('/api/auth/accounts')).body.accounts).toEqual([]);
  });
});
