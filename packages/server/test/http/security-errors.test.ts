import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@webmail/contracts';
import type { TestClient, TestResponse } from '../support/http-client.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';

/** The API's one error shape and nothing else: `{code, message, errors?}` (`errors`: a 422's field errors). */
function expectApiError(res: TestResponse, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(ApiError.strict().safeParse(res.body).success, JSON.stringify(res.body)).toBe(true);
  expect((res.body as ApiError).code).toBe(code);
}

/** Security 7: errors Fastify or its plugins raise answered with other shapes or codes. */
describe('Security 7: every error in the API shape with a fitting code', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;

  beforeAll(async () => {
    server = await startServer('sqlite');
    const user = await newMailUser('errors');
    client = server.client();
    await client.signIn(user.email, user.password);
  });
  afterAll(() => server.close());

  async function raw(method: string, path: string, body: string, contentType: string) {
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; ');
    const res = await fetch(client.baseUrl + path, {
      method,
      headers: { cookie, 'x-xsrf-token': client.xsrf!, 'content-type': contentType },
      body,
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: JSON.parse(text) as unknown } as TestResponse;
  }

  it('answers a body over the limit 413 PayloadTooLarge', async () => {
    // Before: 413 {code:'NotFound', message:'Request body is too large'}.
    const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), parent: null });
    expectApiError(
      await raw('POST', '/api/u/0/mailbox/folders', big, 'application/json'),
      413,
      'PayloadTooLarge',
    );
  });

  it('answers an unsupported Content-Type 415 UnsupportedMediaType', async () => {
    // Before: 415 {code:'NotFound', message:'Unsupported Media Type: application/xml'}.
    const res = await raw('POST', '/api/u/0/mailbox/folders', '<name>x</name>', 'application/xml');
    expectApiError(res, 415, 'UnsupportedMediaType');
  });

  it.each(['/api/u/0/mailbox/%E0%A4%A/messages', '/api/u/0/mailbox/%/messages', '/api/%C0%AF'])(
    'answers bad percent-encoding (%s) 400 BadRequest',
    async (path) => {
      // Before: 400 {statusCode:400, code:'FST_ERR_BAD_URL', error:'Bad Request', message:…}.
      expectApiError(await client.get(path), 400, 'BadRequest');
    },
  );

  it('answers an over-long path parameter in the API shape, not 5xx', async () => {
    // Before: Fastify's own shape ({statusCode, error, message}).
    const res = await client.get(`/api/u/0/mailbox/${'a'.repeat(600)}/messages`);
    expectApiError(res, 414, 'BadRequest');
    // Up to 512 characters the route's schema answers, naming the field.
    const named = await client.get<ApiError>(`/api/u/0/mailbox/${'a'.repeat(200)}/messages`);
    expectApiError(named, 422, 'ValidationError');
    expect(named.body.errors?.mailboxId).toBeDefined();
  });

  it('answers a request line with a malformed path parameter in the API shape', async () => {
    const res = await client.get('/api/u/0/mailbox/%00/messages');
    expect(res.status).toBeLessThan(500);
    expect(ApiError.strict().safeParse(res.body).success, JSON.stringify(res.body)).toBe(true);
  });

  it('answers 503 MailServerUnavailable with Retry-After', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = await startServer('sqlite', { IMAP_PORT: String(port) });
    try {
      const browser = down.client();
      await browser.get('/api/');
      // Before: 503 {code:'MailServerUnavailable'} without Retry-After.
      const res = await browser.post('/api/auth', { email: 'someone@example.test', password: 'x' });
      expectApiError(res, 503, 'MailServerUnavailable');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await down.close();
    }
  });
});
