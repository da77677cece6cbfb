import { Secret, TOTP } from 'otpauth';
import type { TestClient } from './http-client.testing.js';
import { SoftPasskey } from './soft-passkey.testing.js';

/** Codes of an authenticator app holding `secret`, for any moment (default now). */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
}

/** The code of the next time step (a step's code works once: the next sign-in needs a new one). */
export const nextTotpCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

/** Confirms the password for the next security change (re-authentication). */
export async function reauthenticate(client: TestClient, password: string, userIndex = 0): Promise<void> {
  const res = await client.post(`/api/u/${userIndex}/security/reauth`, { password });
  if (res.status !== 200) throw new Error(`reauth failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Signs in, turns TOTP on and answers the secret and the recovery codes. */
export async function enableTotp(
  client: TestClient,
  user: { email: string; password: string },
): Promise<{ secret: string; recoveryCodes: string[] }> {
  await client.signIn(user.email, user.password);
  await reauthenticate(client, user.password);
  const setup = await client.post<{ secret: string; uri: string }>('/api/u/0/security/2fa/totp/setup');
  if (setup.status !== 200) throw new Error(`setup failed: ${setup.status}`);
  const enabled = await client.post<{ recoveryCodes: string[] }>('/api/u/0/security/2fa/totp/enable', {
    code: totpCode(setup.body.secret),
  });
  if (enabled.status !== 200)
    throw new Error(`enable failed: ${enabled.status} ${JSON.stringify(enabled.body)}`);
  return { secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
}

/** Signs in and registers a software passkey (the account's first factor when it has none yet). */
export async function enablePasskey(
  client: TestClient,
  user: { email: string; password: string },
  rp: { rpId: string; origin: string },
): Promise<SoftPasskey> {
  await client.signIn(user.email, user.password);
  await reauthenticate(client, user.password);
  const options = await client.post<{ options: { challenge: string } }>(
    '/api/u/0/security/2fa/webauthn/options',
  );
  if (options.status !== 200) throw new Error(`passkey options failed: ${options.status}`);
  const passkey = new SoftPasskey(rp);
  const registered = await client.post('/api/u/0/security/2fa/webauthn', {
    name: 'Laptop',
    response: passkey.register(options.body.options),
  });
  if (registered.status !== 200)
    throw new Error(`passkey registration failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  return passkey;
}

/** The password step of a sign-in for an account with a second factor: the pending sign-in. */
export async function passwordStep(client: TestClient, user: { email: string; password: string }) {
  if (!client.xsrf) await client.get('/api/');
  return client.post<{ secondFactor: { id: string; methods: string[]; expiresAt: number } }>(
    '/api/auth',
    user,
  );
}

export const sessionCookieNames = (setCookies: string[]) =>
  setCookies.map((c) => c.split('=')[0]).filter((n) => /^wm_(at|rt|sk|exp)_/.test(n ?? ''));
