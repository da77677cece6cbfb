import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultUserConfig, type ApiError, type UserConfig } from '@webmail/contracts';
import { EventStreamReader } from '../support/event-stream.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { dbKinds, newMailUser, startServer } from '../support/harness.testing.js';

describe.each(dbKinds)('the configuration store /config (%s)', (db) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;
  let user: { email: string; password: string };

  beforeAll(async () => {
    server = await startServer(db);
    user = await newMailUser('config');
    client = server.client();
    await client.signIn(user.email, user.password);
  });
  afterAll(() => server.close());

  it('answers the defaults, stores the language for every browser, and tells the other tabs', async () => {
    expect((await client.get<UserConfig>('/api/u/0/config')).body).toEqual(defaultUserConfig);
    const events = await EventStreamReader.open(client, 0);
    try {
      const saved = await client.patch<UserConfig>('/api/u/0/config', { language: 'et' });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ language: 'et' });
      await events.next((e) => e.command === 'accountAttributesUpdated');
    } finally {
      events.close();
    }
    // Another browser of the same user reads it.
    const other = server.client();
    await other.signIn(user.email, user.password);
    expect((await other.get<UserConfig>('/api/u/0/config')).body).toMatchObject({ language: 'et' });
    // A patch without the field leaves it as it is.
    expect((await client.patch<UserConfig>('/api/u/0/config', {})).body).toMatchObject({ language: 'et' });
  });

  it('stores the appearance and reading choices, each patch changing only its own fields', async () => {
    const appearance = { darkMode: 'dark', listMode: 'conversations' } as const;
    expect((await client.patch<UserConfig>('/api/u/0/config', appearance)).body).toEqual({
      ...defaultUserConfig,
      language: 'et',
      ...appearance,
    });
    const reading = { afterRemove: 'next', shortcuts: false } as const;
    await client.patch('/api/u/0/config', reading);
    expect((await client.get<UserConfig>('/api/u/0/config')).body).toMatchObject({
      language: 'et',
      ...appearance,
      ...reading,
    });
    // Back to the defaults, so the next test reads the language alone.
    const { language: _language, ...rest } = defaultUserConfig;
    await client.patch('/api/u/0/config', rest);
  });

  it('refuses an unknown dark mode, list mode or after-remove choice and a non-boolean shortcuts flag', async () => {
    for (const body of [
      { darkMode: 'dim' },
      { listMode: 'threads' },
      { afterRemove: 'first' },
      { shortcuts: 'yes' },
    ]) {
      const bad = await client.patch<ApiError>('/api/u/0/config', body);
      expect(bad.status).toBe(422);
      expect(bad.body.fieldErrors?.[Object.keys(body)[0]!]).toBeDefined();
    }
  });

  it('refuses an unknown language or field with 422 and field errors, keeping the stored value', async () => {
    const bad = await client.patch<ApiError>('/api/u/0/config', { language: 'de' });
    expect(bad.status).toBe(422);
    expect(bad.body.fieldErrors?.language).toBeDefined();
    expect((await client.patch<ApiError>('/api/u/0/config', { theme: 'x' })).status).toBe(422);
    expect((await client.get<UserConfig>('/api/u/0/config')).body).toMatchObject({ language: 'et' });
  });

  it('remembers the list order, refusing an unknown field or order with 422', async () => {
    const saved = await client.patch<UserConfig>('/api/u/0/config', {
      listSort: { field: 'size', order: 'asc' },
    });
    expect(saved.body).toEqual({
      ...defaultUserConfig,
      language: 'et',
      listSort: { field: 'size', order: 'asc' },
    });
    const other = server.client();
    await other.signIn(user.email, user.password);
    expect((await other.get<UserConfig>('/api/u/0/config')).body.listSort).toEqual({
      field: 'size',
      order: 'asc',
    });
    const bad = await client.patch<ApiError>('/api/u/0/config', {
      listSort: { field: 'colour', order: 'up' },
    });
    expect(bad.status).toBe(422);
    expect((await client.get<UserConfig>('/api/u/0/config')).body.listSort).toEqual({
      field: 'size',
      order: 'asc',
    });
  });

  it('remembers the swipe actions of list rows, refusing an unknown one with 422', async () => {
    const saved = await client.patch<UserConfig>('/api/u/0/config', {
      swipe: { left: 'read', right: 'none' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.swipe).toEqual({ left: 'read', right: 'none' });
    expect(saved.body.listSort).toEqual({ field: 'size', order: 'asc' });
    const bad = await client.patch<ApiError>('/api/u/0/config', {
      swipe: { left: 'explode', right: 'none' },
    });
    expect(bad.status).toBe(422);
    expect((await client.get<UserConfig>('/api/u/0/config')).body.swipe).toEqual({
      left: 'read',
      right: 'none',
    });
  });

  it('remembers the sidebar width within 256 to 512 pixels, refusing others with 422', async () => {
    expect((await client.get<UserConfig>('/api/u/0/config')).body.panelSizes).toEqual({ sidePanel: 256 });
    const saved = await client.patch<UserConfig>('/api/u/0/config', { panelSizes: { sidePanel: 400 } });
    expect(saved.status).toBe(200);
    expect(saved.body.panelSizes).toEqual({ sidePanel: 400 });
    for (const sidePanel of [255, 513, 300.5, '300']) {
      const bad = await client.patch<ApiError>('/api/u/0/config', { panelSizes: { sidePanel } });
      expect(bad.status).toBe(422);
    }
    const unknown = await client.patch<ApiError>('/api/u/0/config', {
      panelSizes: { sidePanel: 300, list: 5 },
    });
    expect(unknown.status).toBe(422);
    expect((await client.get<UserConfig>('/api/u/0/config')).body.panelSizes).toEqual({ sidePanel: 400 });
  });

  it('is per user index: each signed-in account has its own, an unknown index is refused', async () => {
    const second = await newMailUser('config-2');
    expect((await client.signIn(second.email, second.password)).userIndex).toBe(1);
    expect((await client.get<UserConfig>('/api/u/1/config')).body).toEqual(defaultUserConfig);
    await client.patch('/api/u/1/config', { language: 'ru' });
    expect((await client.get<UserConfig>('/api/u/0/config')).body).toMatchObject({ language: 'et' });
    expect((await client.get('/api/u/2/config')).status).toBe(401);
  });
});
