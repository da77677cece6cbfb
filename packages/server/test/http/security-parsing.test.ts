import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Folder, UserDetails } from '@webmail/contracts';
import type { TestClient } from '../support/http-client.testing.js';
import { startServer } from '../support/harness.testing.js';
import { signedInWithOneMessage } from '../support/reading.testing.js';

/**
 * Security 8: numbers were read with Number() (`0x10`, `1e3`, '' → 0, so an empty userIndex
 * meant slot 0), any string was stored as the time zone, and unknown body keys were dropped silently (a
 * PATCH of only unknown keys answered 200 and changed nothing).
 */
describe('Security 8: strict numbers, IANA time zones, no unknown keys', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;
  let inbox: string;
  let work: Folder;

  beforeAll(async () => {
    server = await startServer('sqlite');
    ({ client, inbox } = await signedInWithOneMessage(server, 'parsing'));
    work = (await client.post<Folder>('/api/u/0/mailbox/folders', { name: 'Work', parent: null })).body;
  });
  afterAll(() => server.close());

  const expect422 = (res: { status: number; body: unknown }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect((res.body as ApiError).code).toBe('ValidationError');
  };

  it.each([
    () => `/api/u/0/mailbox/${inbox}/messages?offset=0x10`,
    () => `/api/u/0/mailbox/${inbox}/messages?limit=1e1`,
    () => `/api/u/0/mailbox/${inbox}/messages?offset=`,
    () => `/api/u/0/mailbox/${inbox}/messages?limit=%2010`,
    () => `/api/u/0/mailbox/${inbox}/messages?limit=+10`,
    () => `/api/u/0/mailbox/${inbox}/messages/0x1`,
    () => `/api/u/0/mailbox/${inbox}/messages/1e0`,
    () => `/api/u/0/mailbox/${inbox}/messages/01`,
    () => `/api/u/0/mailbox/${inbox}/threads/t?messageId=0x1`,
    () => `/api/u/0/compose/replyTo/${inbox}/1e0`,
    () => '/api/u/0/mailbox/compose/recentParties?query=a&limit=0x5',
    () => '/api/u/0x0/mailbox',
    () => '/api/u/0e0/mailbox',
    () => '/api/auth/me?userIndex=',
    () => '/api/auth/me?userIndex=0x0',
  ])('refuses a number that is not plain decimal digits: %s', async (path) => {
    // Before: 200, read as 16, 10, 0, 1 … (an empty or hex userIndex was slot 0).
    expect422(await client.get(path()));
  });

  it('still reads plain decimal numbers', async () => {
    expect((await client.get(`/api/u/0/mailbox/${inbox}/messages?offset=0&limit=10`)).status).toBe(200);
    expect((await client.get('/api/auth/me?userIndex=0')).status).toBe(200);
  });

  it('refuses a time zone that is not an IANA name, and keeps the real ones', async () => {
    for (const timezone of ['Not/AZone', '<script>', '+01:00', 'x'.repeat(40)]) {
      // Before: 200 and stored as given.
      expect422(await client.patch('/api/u/0/details', { timezone }));
    }
    for (const timezone of ['Europe/Helsinki', 'UTC', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata']) {
      const res = await client.patch<UserDetails>('/api/u/0/details', { timezone });
      expect(res.status, timezone).toBe(200);
      expect(res.body.timezone).toBe(timezone);
    }
  });

  it.each([
    ['PATCH', () => `/api/u/0/mailbox/folders/${work.id}`, { colour: 'red' }],
    ['PATCH', () => `/api/u/0/mailbox/folders/${work.id}`, { hidden: true, colour: 'red' }],
    ['POST', () => '/api/u/0/mailbox/folders', { name: 'Extra', parent: null, owner: 'x' }],
    ['PATCH', () => '/api/u/0/mailbox/folders/updateOrder', { order: [], extra: 1 }],
    ['PATCH', () => `/api/u/0/mailbox/${inbox}/messages/1`, { seen: true, deleted: true }],
    [
      'POST',
      () => '/api/u/0/mailbox/massAction',
      () => ({ context: 'mailbox', action: 'seen', messages: [{ mailboxId: inbox, messageId: 1, uid: 1 }] }),
    ],
    ['PATCH', () => '/api/u/0/details', { ui: { theme: 'blue', color: 'blue', font: 'x' } }],
    [
      'PUT',
      () => '/api/u/0/compose/drafts/6f1d3f0e-5a8e-4c1e-9d55-0f2d1c9b7a10',
      { draft: { subject: 'x', to: [{ address: 'b@example.test', admin: true }] } },
    ],
    [
      'PUT',
      () => '/api/u/0/compose/drafts/6f1d3f0e-5a8e-4c1e-9d55-0f2d1c9b7a10',
      { draft: { subject: 'x', priority: 'high' } },
    ],
    [
      'POST',
      () => '/api/u/0/compose/send',
      { draftId: '6f1d3f0e-5a8e-4c1e-9d55-0f2d1c9b7a11', draft: { subject: 'x' }, sendAt: 0 },
    ],
  ])('answers 422 to unknown keys in a %s body', async (method, path, body) => {
    // Before: 200 (the unknown keys were dropped; a PATCH of only unknown keys changed nothing).
    const res = await client.request<ApiError>(method, path(), {
      body: typeof body === 'function' ? body() : body,
    });
    expect422(res);
    // The answer names the key it refused (not some other problem of the body).
    expect(JSON.stringify(res.body.errors)).toMatch(
      /colour|owner|extra|deleted|uid|font|admin|priority|sendAt/,
    );
  });

  it('refuses unknown keys at sign-in', async () => {
    const fresh = server.client();
    await fresh.get('/api/');
    expect422(await fresh.post('/api/auth', { email: 'a@example.test', password: 'x', remember: true }));
  });
});
