import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStreamReader } from '../support/event-stream.testing.js';
import { newMailUser } from '../support/harness.testing.js';
import { TestClient } from '../support/http-client.testing.js';
import { spawnServer, type SpawnedServer } from '../support/spawned-server.testing.js';

/** A PATCH whose body is sent in two parts: the request is in flight between them. */
function slowPatch(client: TestClient, pathName: string, body: string) {
  const url = new URL(client.baseUrl + pathName);
  const request = http.request(url, {
    method: 'PATCH',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; '),
      'x-xsrf-token': client.xsrf ?? '',
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  // The first half is on the wire once flushed; the handler waits for the rest.
  return { answer, finish: () => request.end(body.slice(half)) };
}

describe('graceful shutdown of a real server process on SIGTERM', () => {
  let server: SpawnedServer;
  beforeAll(async () => {
    server = await spawnServer({ SHUTDOWN_TIMEOUT_SECONDS: '20' });
  }, 90_000);
  afterAll(() => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });

  it('tells open streams to reconnect, finishes the request in flight, refuses new ones, and exits 0', async () => {
    const user = await newMailUser('shutdown');
    const client = new TestClient(server.baseUrl);
    await client.signIn(user.email, user.password);
    const stream = await EventStreamReader.open(client, 0);
    await stream.next((e) => e.command === 'connected');
    const inFlight = slowPatch(client, '/api/u/0/details', JSON.stringify({ name: 'Renamed while closing' }));
    await new Promise((r) => setTimeout(r, 100));

    server.child.kill('SIGTERM');
    await stream.next((e) => e.command === 'reconnect');
    await stream.ended();
    // New connections are no longer served (refused, or 503 while the listener closes).
    const late = await fetch(`${server.baseUrl}/api/health/live`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);

    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ name: 'Renamed while closing' });
    expect(await server.exited).toBe(0);
  }, 60_000);
});
