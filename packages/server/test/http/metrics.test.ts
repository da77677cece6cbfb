import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMailUser, startServer } from '../support/harness.testing.js';
import { send, waitFor } from '../support/compose.testing.js';
import { EventStreamReader } from '../support/event-stream.testing.js';

type Server = Awaited<ReturnType<typeof startServer>>;

const scrape = async (server: Server, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.baseUrl}/metrics`, { headers });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

/** The value of one sample line (`name{labels} value`), or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const line = text
    .split('\n')
    .find(
      (l) =>
        (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) &&
        Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)),
    );
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('Prometheus metrics', () => {
  let server: Server;

  beforeAll(async () => {
    server = await startServer('sqlite');
  });
  afterAll(() => server.close());

  it('a scrape from this host finds every listed series, HTTP timed by route pattern', async () => {
    const alice = await newMailUser('metrics');
    const client = server.client();
    await client.signIn(alice.email, alice.password);
    await client.get('/api/u/0/mailbox');
    await client.get('/api/translations/et/nosuchcatalogue');
    const stream = await EventStreamReader.open(client, 0);
    const queued = await send(
      client,
      crypto.randomUUID(),
      { to: [{ name: 'Bob', address: alice.email }], subject: 'Later', html: '<p>x</p>' },
      60,
    );
    expect(queued.status).toBe(202);
    try {
      await stream.next((e) => e.command === 'connected');
      // The outbox job runs once at start; its run is counted when it ends.
      const { text, status, type } = await waitFor(
        () => scrape(server),
        (s) => sample(s.text, 'webmail_job_runs_total', { job: 'outbox' }) !== undefined,
      );
      expect(status).toBe(200);
      expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
      const route = (url: string) => ({ route: url, method: 'GET' });
      expect(
        sample(text, 'webmail_http_request_duration_seconds_count', route('/api/u/:userIndex/mailbox')),
      ).toBe(1);
      expect(
        sample(
          text,
          'webmail_http_request_duration_seconds_count',
          route('/api/translations/:lang/:catalogue'),
        ),
      ).toBe(1);
      // Raw URLs never become labels (their number would be unbounded).
      expect(text).not.toContain('nosuchcatalogue');
      expect(sample(text, 'webmail_imap_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'webmail_imap_pool_wait_seconds_count')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'webmail_event_streams_open')).toBe(1);
      expect(sample(text, 'webmail_mailbox_watchers')).toBe(1);
      expect(sample(text, 'webmail_outbox_queue_depth')).toBe(1);
      expect(sample(text, 'webmail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'webmail_job_runs_total', { job: 'outbox', outcome: 'ok' })).toBeGreaterThanOrEqual(
        1,
      );
      expect(
        sample(text, 'webmail_job_run_duration_seconds_count', { job: 'outbox' }),
      ).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    } finally {
      stream.close();
      await client.post(`/api/u/0/compose/outbox/${queued.body.id}/cancel`);
    }
  });

  it('without METRICS_TOKEN a request that came through a proxy is refused, also from loopback', async () => {
    for (const headers of [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }] as Record<
      string,
      string
    >[]) {
      const res = await scrape(server, headers);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('webmail_');
    }
  });
});

describe('Prometheus metrics behind METRICS_TOKEN at METRICS_PATH', () => {
  const token = 'scrape-token-0123456789abcdef';
  let server: Server;

  beforeAll(async () => {
    server = await startServer('sqlite', { METRICS_TOKEN: token, METRICS_PATH: '/internal/metrics' });
  });
  afterAll(() => server.close());

  it('answers the bearer token only', async () => {
    const at = (headers: Record<string, string>) =>
      fetch(`${server.baseUrl}/internal/metrics`, { headers }).then(async (r) => ({
        status: r.status,
        text: await r.text(),
      }));
    for (const headers of [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: `Bearer ${token}x` },
    ] as Record<string, string>[]) {
      const refused = await at(headers);
      expect(refused.status).toBe(404);
      expect(refused.text).not.toContain('webmail_');
    }
    const res = await at({ authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('webmail_http_request_duration_seconds');
    expect((await fetch(`${server.baseUrl}/metrics`)).headers.get('content-type')).not.toMatch(
      /version=0\.0\.4/,
    );
  });
});
