import http from 'node:http';
import SQLite from 'better-sqlite3';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutgoingAddress } from '@webmail/contracts';
import { waitForMessages, type MailUser } from '../support/compose.testing.js';
import type { TestClient } from '../support/http-client.testing.js';
import { newMailUser, startServer } from '../support/harness.testing.js';
import { reauthenticate } from '../support/security.testing.js';

const publicUrl = 'https://webmail.example.test';

/**
 * Headers a request's sender chooses, each naming another host. fetch() rewrites Host, so these go through
 * node:http as a proxy or an attacker would send them.
 */
const hostileHeaders: Record<string, string>[] = [
  { host: 'evil.example' },
  { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
  { host: 'evil.example:8443', 'x-forwarded-host': 'evil2.example', 'x-forwarded-port': '444' },
  { forwarded: 'host=evil.example;proto=http', 'x-forwarded-host': 'evil.example, evil2.example' },
];

/** A request as `client` (its cookies and XSRF token) with extra headers, Host included. */
function requestWith(
  client: TestClient,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const url = new URL(client.baseUrl + path);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; ');
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        headers: {
          cookie,
          'x-xsrf-token': client.xsrf ?? '',
          'accept-language': 'en',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : null });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Every http(s) URL in the newest `count` mails of the user's Inbox, and those mails' texts. */
async function mailedUrls(user: MailUser, count: number) {
  const messages = await waitForMessages(user, 'INBOX', count);
  const texts = await Promise.all(messages.map(async (m) => (await simpleParser(m.source)).text ?? ''));
  return { texts, urls: texts.flatMap((t) => t.match(/https?:\/\/\S+/g) ?? []) };
}

describe('absolute URLs come from PUBLIC_URL, never from the request', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;
  let owner: MailUser;
  let targets: MailUser[];

  beforeAll(async () => {
    // TRUST_PROXY: Fastify reads X-Forwarded-*; even so, nothing the server writes may take a host from them.
    server = await startServer('sqlite', { PUBLIC_URL: `${publicUrl}/`, TRUST_PROXY: 'true' });
    [owner, ...targets] = await Promise.all([
      newMailUser('owner'),
      newMailUser('target'),
      newMailUser('target'),
    ]);
    client = server.client();
    await client.signIn(owner.email, owner.password);
  });
  afterAll(() => server.close());

  it('links the verification mail to PUBLIC_URL whatever Host and X-Forwarded-* say (add, then resend)', async () => {
    const [first, second] = targets as [MailUser, MailUser];
    const created = await requestWith(client, 'POST', '/api/u/0/settings/whitelist', hostileHeaders[0]!, {
      address: first.email,
    });
    expect(created.status).toBe(201);
    const other = await requestWith(client, 'POST', '/api/u/0/settings/whitelist', hostileHeaders[1]!, {
      address: second.email,
    });
    expect(other.status).toBe(201);

    // Each resend with another set of hostile headers; the one-minute wait between mails is moved back.
    const id = (created.body as OutgoingAddress).id;
    const db = new SQLite(server.config.database.kind === 'sqlite' ? server.config.database.file : '');
    try {
      for (const headers of hostileHeaders.slice(2)) {
        db.prepare('UPDATE outgoing_addresses SET code_sent_at = code_sent_at - 120000 WHERE id = ?').run(id);
        const resent = await requestWith(client, 'POST', `/api/u/0/settings/whitelist/${id}/resend`, headers);
        expect(resent.status).toBe(200);
      }
    } finally {
      db.close();
    }

    const mails = [await mailedUrls(first, 3), await mailedUrls(second, 1)];
    const urls = mails.flatMap((m) => m.urls);
    expect(urls).toHaveLength(4);
    for (const url of urls) {
      expect(url).toMatch(new RegExp(`^${publicUrl}/api/settings/whitelist/confirm/[A-Za-z0-9_-]+$`));
    }
    expect(mails.flatMap((m) => m.texts).join('\n')).not.toMatch(/evil/);
  });

  it('gives the passkey relying party of PUBLIC_URL whatever the request names', async () => {
    await reauthenticate(client, owner.password);
    for (const headers of hostileHeaders) {
      const res = await requestWith(client, 'POST', '/api/u/0/security/2fa/webauthn/options', headers);
      expect(res.status).toBe(200);
      const options = (res.body as { options: { rp: { id: string } } }).options;
      expect(options.rp.id).toBe('webmail.example.test');
    }
  });
});

describe('without PUBLIC_URL', () => {
  it('mails the code without any link', async () => {
    const server = await startServer('sqlite', { PUBLIC_URL: '' });
    try {
      const [owner, target] = await Promise.all([newMailUser('owner'), newMailUser('target')]);
      const client = server.client();
      await client.signIn(owner.email, owner.password);
      const created = await requestWith(client, 'POST', '/api/u/0/settings/whitelist', hostileHeaders[0]!, {
        address: target.email,
      });
      expect(created.status).toBe(201);
      const { texts, urls } = await mailedUrls(target, 1);
      expect(urls).toEqual([]);
      expect(texts[0]).toMatch(/Type this code on the Outgoing addresses page: \d{6}/);
      expect(server.config.security.webauthn).toMatchObject({ rpId: 'localhost' });
    } finally {
      await server.close();
    }
  });
});
