import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Signature, SignaturesResponse } from '@webmail/contracts';
import { composeLimits } from '@webmail/contracts';
import { EventStreamReader } from '../support/event-stream.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { dbKinds, newMailUser, startServer } from '../support/harness.testing.js';

const base = '/api/u/0/signatures';
const png = (bytes: number) => `data:image/png;base64,${Buffer.alloc(bytes, 7).toString('base64')}`;

describe.each(dbKinds)('signatures on %s', (db) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;

  beforeAll(async () => {
    server = await startServer(db);
    const user = await newMailUser('sig');
    client = server.client();
    await client.signIn(user.email, user.password);
  });
  afterAll(() => server.close());

  const list = async () => (await client.get<SignaturesResponse>(base)).body.signatures;

  it('creates, lists (default first), edits and deletes, with one default at a time and an event each', async () => {
    expect(await list()).toEqual([]);
    const events = await EventStreamReader.open(client, 0);
    try {
      const work = await client.post<Signature>(base, {
        name: 'Work',
        html: '<p>Best regards, <b>Ann</b></p>',
      });
      expect(work.status).toBe(201);
      expect(work.body).toMatchObject({
        name: 'Work',
        default: false,
        html: '<p>Best regards, <b>Ann</b></p>',
      });
      await events.next((e) => e.command === 'signatureUpdated' && e.id === work.body.id);

      const home = await client.post<Signature>(base, { name: 'Home', html: '<p>Ann</p>', default: true });
      expect(home.body.default).toBe(true);
      expect((await list()).map((s) => [s.name, s.default])).toEqual([
        ['Home', true],
        ['Work', false],
      ]);

      // Marking another one the default unmarks the old one.
      const patched = await client.patch<Signature>(`${base}/${work.body.id}`, { default: true });
      expect(patched.status).toBe(200);
      expect((await list()).map((s) => [s.name, s.default])).toEqual([
        ['Work', true],
        ['Home', false],
      ]);

      const renamed = await client.patch<Signature>(`${base}/${home.body.id}`, {
        name: 'Private',
        html: '<p>A.</p>',
      });
      expect(renamed.body).toMatchObject({ name: 'Private', html: '<p>A.</p>', default: false });
      expect((await client.get<Signature>(`${base}/${home.body.id}`)).body.name).toBe('Private');

      expect((await client.delete(`${base}/${home.body.id}`)).status).toBe(204);
      await events.next((e) => e.command === 'signatureDeleted' && e.id === home.body.id);
      expect((await list()).map((s) => s.name)).toEqual(['Work']);
      expect((await client.get<ApiError>(`${base}/${home.body.id}`)).body.reason).toBe('signatureNotFound');
      expect((await client.delete<ApiError>(`${base}/${home.body.id}`)).status).toBe(404);
    } finally {
      events.close();
    }
  });

  it('refuses a missing name with its field error, and sanitizes the HTML (no scripts, no remote loads)', async () => {
    const empty = await client.post<ApiError>(base, { name: '  ', html: '<p>x</p>' });
    expect(empty.status).toBe(422);
    expect(empty.body.fieldErrors?.name?.[0]?.code).toBeDefined();
    const unknown = await client.post<ApiError>(base, { name: 'x', html: '', colour: 'red' });
    expect(unknown.status).toBe(422);

    const hostile = await client.post<Signature>(base, {
      name: 'Hostile',
      html:
        '<p onclick="alert(1)">Hi<script>alert(2)</script></p><img src="https://tracker.example/logo.png">' +
        `<img src="${png(100)}" alt="logo"><a href="javascript:alert(3)">x</a>`,
    });
    expect(hostile.status).toBe(201);
    expect(hostile.body.html).not.toMatch(/script|onclick|tracker\.example|javascript:/);
    expect(hostile.body.html).toContain('data:image/png;base64,');
  });

  it('refuses an inline image over the composer limit on the html field', async () => {
    const res = await client.post<ApiError>(base, {
      name: 'Big',
      html: `<p>x</p><img src="${png(composeLimits.inlineImageMaxBytes + 10)}">`,
    });
    expect(res.status).toBe(422);
    expect(res.body.fieldErrors?.html?.[0]?.code).toBe('inlineImageTooLarge');
    expect((await list()).some((s) => s.name === 'Big')).toBe(false);
  });

  it('keeps each signed-in account to its own signatures (per user index)', async () => {
    const other = await newMailUser('sig-other');
    const { userIndex } = await client.signIn(other.email, other.password);
    expect(userIndex).toBe(1);
    const mine = (await list())[0]!;
    expect((await client.get<SignaturesResponse>('/api/u/1/signatures')).body.signatures).toEqual([]);
    expect((await client.get(`/api/u/1/signatures/${mine.id}`)).status).toBe(404);
    expect((await client.patch(`/api/u/1/signatures/${mine.id}`, { name: 'Stolen' })).status).toBe(404);
    expect((await client.delete(`/api/u/1/signatures/${mine.id}`)).status).toBe(404);
    expect((await client.get<Signature>(`${base}/${mine.id}`)).body.name).toBe(mine.name);
  });
});

describe('signatures switched off by the plan', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  afterAll(() => server.close());

  it('refuses every call with 403 signaturesDisabled', async () => {
    server = await startServer('sqlite', { DISABLED_FEATURES: 'signatures' });
    const user = await newMailUser('sig-off');
    const client = server.client();
    await client.signIn(user.email, user.password);
    const res = await client.get<ApiError>(base);
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('signaturesDisabled');
    expect((await client.post<ApiError>(base, { name: 'x', html: '' })).status).toBe(403);
  });
});
