import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, newMailUser, startServer } from '../support/harness.testing.js';
import { enablePasskey, passwordStep, reauthenticate } from '../support/security.testing.js';
import { SoftPasskey } from '../support/soft-passkey.testing.js';

interface Refusal {
  code: string;
  fieldErrors?: Record<string, Array<{ code: string }>>;
}

describe.each(dbKinds)('passkey answers of the wrong shape (%s)', (db) => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer(db);
  });
  afterAll(() => server.close());

  it('refuses a registration answer without its attestation as a field error, and registers the whole one', async () => {
    const user = await newMailUser('passkey-shape');
    const client = server.client();
    await client.signIn(user.email, user.password);
    await reauthenticate(client, user.password);
    const options = await client.post<{ options: { challenge: string } }>(
      '/api/u/0/security/2fa/webauthn/options',
    );
    const answer = new SoftPasskey(server.config.security.webauthn).register(options.body.options);
    const { attestationObject: _left, ...partial } = answer.response as Record<string, unknown>;
    const refused = await client.post<Refusal>('/api/u/0/security/2fa/webauthn', {
      name: 'Laptop',
      response: { ...answer, response: partial },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('ValidationError');
    expect(refused.body.fieldErrors?.['response.response.attestationObject']?.[0]?.code).toBe('required');
    const registered = await client.post('/api/u/0/security/2fa/webauthn', {
      name: 'Laptop',
      response: answer,
    });
    expect(registered.status).toBe(200);
  });

  it('refuses a sign-in assertion of the wrong type as a field error; the challenge stays for the right one', async () => {
    const user = await newMailUser('passkey-assert');
    const passkey = await enablePasskey(server.client(), user, server.config.security.webauthn);
    const browser = server.client();
    const { id } = (await passwordStep(browser, user)).body.secondFactor;
    const options = await browser.post<{ options: { challenge: string } }>('/api/auth/2fa/webauthn/options', {
      id,
    });
    const assertion = passkey.signIn(options.body.options);
    const refused = await browser.post<Refusal>('/api/auth/2fa/webauthn', {
      id,
      response: { ...assertion, type: 'password' },
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.fieldErrors ?? {})).toEqual(['response.type']);
    const done = await browser.post('/api/auth/2fa/webauthn', { id, response: assertion });
    expect(done.status).toBe(200);
  });
});
