import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../support/http-client.testing.js';
import { startServer } from '../support/harness.testing.js';
import { signedInWithOneMessage } from '../support/reading.testing.js';

/**
 * Seams F1: `POST /?_method=%` threw a URIError out of the method override (Fastify's rewriteUrl runs outside
 * every error handler) and Node exited. The class is every place the server decodes a request before or while
 * routing: the path, the query, the override (query and header), cookies, headers. Each request here goes over
 * a raw socket (no client library normalises it first); none may answer 5xx, and the server answers `GET /api/`
 * after each batch.
 */
const badPieces = [
  '%',
  '%%',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%ED%A0%80',
  '%FF%FE',
  '%00',
  '%u0041',
  'a%2',
  '%0',
];

function rawRequest(port: number, head: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setTimeout(10_000, () => reject(new Error(`no answer to ${head.split('\r\n')[0]}`)));
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (status) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on('error', reject);
    socket.on('close', () => {
      if (!/^HTTP\/1\.1 \d{3}/.test(answer))
        reject(new Error(`connection closed on ${head.split('\r\n')[0]}`));
    });
    socket.write(head);
  });
}

describe('Seams F1: malformed percent-encoding in any position never stops the server', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let client: TestClient;
  let inbox: string;
  let port: number;
  let cookies: string;

  beforeAll(async () => {
    server = await startServer('sqlite');
    ({ client, inbox } = await signedInWithOneMessage(server, 'malformed'));
    port = Number(new URL(server.baseUrl).port);
    cookies = [...client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; ');
  });
  afterAll(() => server.close());

  const send = (method: string, target: string, headers: Record<string, string> = {}) => {
    const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
    if (method !== 'GET') lines.push('Content-Length: 0');
    return rawRequest(port, `${lines.join('\r\n')}\r\n\r\n`);
  };

  const positions: Record<string, (bad: string) => [string, string, Record<string, string>?]> = {
    'method override in the query, no cookies': (bad) => ['POST', `/?_method=${bad}`],
    'method override on an API route': (bad) => ['POST', `/api/auth/signIn?a=1&_method=${bad}`],
    'method override header': (bad) => ['POST', '/api/u/0/details', { 'X-HTTP-Method-Override': bad }],
    'path of the SPA': (bad) => ['GET', `/u/0/${bad}`],
    'path of the API': (bad) => ['GET', `/api/${bad}`],
    'user index': (bad) => ['GET', `/api/u/${bad}/mailbox`],
    'event stream user index': (bad) => ['GET', `/api/u/${bad}`],
    'folder id, signed in': (bad) => ['GET', `/api/u/0/mailbox/${bad}/messages`, { Cookie: cookies }],
    'message id, signed in': (bad) => [
      'GET',
      `/api/u/0/mailbox/${inbox}/messages/${bad}`,
      { Cookie: cookies },
    ],
    'query value, signed in': (bad) => [
      'GET',
      `/api/u/0/mailbox/${inbox}/messages?offset=${bad}`,
      { Cookie: cookies },
    ],
    'query key': (bad) => ['GET', `/api/auth/me?${bad}=1`],
    'image proxy query': (bad) => ['GET', `/api/proxy/image?url=${bad}&sig=${bad}`, { Cookie: cookies }],
    'cookie value': (bad) => [
      'GET',
      '/api/auth/me?userIndex=0',
      { Cookie: `wm_at_0=${bad}; XSRF-TOKEN=${bad}` },
    ],
    'XSRF header on a change': (bad) => [
      'PATCH',
      '/api/u/0/details',
      { Cookie: cookies, 'X-XSRF-TOKEN': bad },
    ],
  };

  it.each(Object.keys(positions))(
    '%s: a clear 4xx or a page, never 5xx, and the server lives on',
    async (name) => {
      const build = positions[name]!;
      for (const bad of badPieces) {
        const [method, target, headers] = build(bad);
        const status = await send(method, target, headers);
        expect(status, `${method} ${target}`).toBeLessThan(500);
      }
      expect(await send('GET', '/api/')).toBe(200);
    },
  );
});
