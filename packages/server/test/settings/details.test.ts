import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, UserDetails } from '@webmail/contracts';
import type { TestClient } from '../support/http-client.testing.js';
import { dbKinds, newMailUser, startServer } from '../support/harness.testing.js';

describe.each(dbKinds)('user details on %s', (db) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;
  let user: { email: string; password: string };

  beforeAll(async () => {
    server = await startServer(db, { DISABLED_FEATURES: 'contacts,filters' });
    user = await newMailUser('details');
    client = server.client();
    await client.signIn(user.email, user.password);
  });
  afterAll(() => server.close());

  it('answers the defaults, the quota and the disabled features for a new user', async () => {
    const res = await client.get<UserDetails>('/api/u/0/details');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.email,
      address: user.email,
      view_mode: '3-panel',
      timezone: null,
      meta: { displayDensity: 'default', ui: { theme: 'blue', color: 'blue' }, browserTimezoneSet: false },
      disabledFeatures: ['contacts', 'filters'],
    });
    expect(res.body.quota?.allowed).toBeGreaterThan(0);
  });

  it('stores preferences, keeps the fields a patch leaves out, and marks the timezone as set', async () => {
    const first = await client.patch<UserDetails>('/api/u/0/details', {
      view_mode: '2-panel',
      displayDensity: 'compact',
    });
    expect(first.status).toBe(200);
    await client.patch('/api/u/0/details', { timezone: 'Europe/Tallinn', name: 'Dee Tails' });
    const after = await client.get<UserDetails>('/api/u/0/details');
    expect(after.body).toMatchObject({
      name: 'Dee Tails',
      view_mode: '2-panel',
      timezone: 'Europe/Tallinn',
      meta: { displayDensity: 'compact', browserTimezoneSet: true },
    });
  });

  it('refuses unknown values and fields with 422 field errors and changes nothing', async () => {
    const bad = await client.patch<{ code: string; errors?: Record<string, string[]> }>('/api/u/0/details', {
      view_mode: '4-panel',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.view_mode).toBeDefined();
    const shortName = await client.patch<ApiError>('/api/u/0/details', { name: 'x' });
    expect(shortName.status).toBe(422);
    // The reason is a code the web renders in the user's language; the English text is for everyone else.
    expect(shortName.body.fieldErrors?.name).toEqual([{ code: 'tooShort', params: { min: 2 } }]);
    expect(shortName.body.errors?.name).toEqual(['The display name must be at least 2 characters']);
    expect((await client.patch('/api/u/0/details', { admin: true })).status).toBe(422);
    expect((await client.get<UserDetails>('/api/u/0/details')).body.view_mode).toBe('2-panel');
  });

  it('starts a new account at app version 3 with onboarding to do, and keeps the version when it is completed', async () => {
    const fresh = server.client();
    const newcomer = await newMailUser('onboarding');
    await fresh.signIn(newcomer.email, newcomer.password);
    const first = await fresh.get<UserDetails>('/api/u/0/details');
    expect(first.body.meta).toMatchObject({ initialVersion: 3, onBoardingCompleted: false });
    const done = await fresh.patch<UserDetails>('/api/u/0/details', { onBoardingCompleted: true });
    expect(done.status).toBe(200);
    const after = await fresh.get<UserDetails>('/api/u/0/details');
    expect(after.body.meta).toMatchObject({ initialVersion: 3, onBoardingCompleted: true });
    // The version is the server's to set: a patch cannot change it.
    expect((await fresh.patch('/api/u/0/details', { initialVersion: 2 })).status).toBe(422);
  });

  it('is per user index: another index is refused', async () => {
    expect((await client.get('/api/u/1/details')).status).toBe(401);
  });
});

describe('user details with ONBOARDING_TOUR=false', () => {
  it('reports onboarding as completed for a new account, so the tour is offered to nobody', async () => {
    const server = await startServer('sqlite', { ONBOARDING_TOUR: 'false' });
    try {
      const user = await newMailUser('no-tour');
      const client = server.client();
      await client.signIn(user.email, user.password);
      const res = await client.get<UserDetails>('/api/u/0/details');
      expect(res.body.meta).toMatchObject({ initialVersion: 3, onBoardingCompleted: true });
    } finally {
      await server.close();
    }
  });
});
