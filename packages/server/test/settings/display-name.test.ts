import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, UserDetails } from '@webmail/contracts';
import { send, waitForMessages } from '../support/compose.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';

describe('display name (settings/account)', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;
  let user: { email: string; password: string };

  beforeAll(async () => {
    server = await startServer('sqlite');
    user = await newMailUser('dname');
    client = server.client();
    await client.signIn(user.email, user.password);
  });
  afterAll(() => server.close());

  it('refuses 1 and 31 characters with their field errors, saves 2 and 30', async () => {
    const one = await client.patch<ApiError>('/api/u/0/details', { name: 'A' });
    expect(one.status).toBe(422);
    expect(one.body.fieldErrors?.name).toEqual([{ code: 'tooShort', params: { min: 2 } }]);
    const long = await client.patch<ApiError>('/api/u/0/details', { name: 'B'.repeat(31) });
    expect(long.status).toBe(422);
    expect(long.body.fieldErrors?.name).toEqual([{ code: 'tooLong', params: { max: 30 } }]);

    expect((await client.patch<UserDetails>('/api/u/0/details', { name: 'Al' })).body.name).toBe('Al');
    const thirty = 'Åsa Öberg-Virtanen Example Ltd';
    expect(thirty).toHaveLength(30);
    expect((await client.patch<UserDetails>('/api/u/0/details', { name: thirty })).body.name).toBe(thirty);
    expect((await client.get<UserDetails>('/api/u/0/details')).body.name).toBe(thirty);
  });

  it('puts the saved name in the From of the next sent mail', async () => {
    const name = 'Dana Display';
    await client.patch('/api/u/0/details', { name });
    const sent = await send(client, randomUUID(), {
      to: [{ name: '', address: user.email }],
      subject: 'Name check',
      text: 'Hello',
      plainText: true,
    });
    expect(sent.status).toBeLessThan(300);
    const [message] = await waitForMessages(user, 'INBOX', 1);
    expect(message!.envelope.from?.[0]).toMatchObject({ name, address: user.email });
  });
});
