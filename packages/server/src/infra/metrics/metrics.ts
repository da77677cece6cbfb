import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (prom-client), one registry per app (tests build several apps in one
 * process). Process metrics (memory, CPU, event-loop lag, handles) come from prom-client's defaults; the
 * webmail's own are prefixed `webmail_`. Values that already live elsewhere (pool size, open streams, outbox
 * depth) are read at scrape time, so the hot paths carry no bookkeeping for them.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'webmail_http_request_duration_seconds',
    help: 'HTTP answers by route pattern (not the raw URL), method and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly imapWait = new Histogram({
    name: 'webmail_imap_pool_wait_seconds',
    help: 'Time a request waited for a pooled IMAP connection that was not ready (a login)',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly jobRuns = new Counter({
    name: 'webmail_job_runs_total',
    help: 'Background job runs by job and outcome (ok, failed)',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly jobDuration = new Histogram({
    name: 'webmail_job_run_duration_seconds',
    help: 'Background job run time by job',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** A gauge read when scraped; a failing read leaves the series out of that scrape. */
  gauge(name: string, help: string, read: () => number | Promise<number>): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        this.set(await read());
      },
    });
  }

  /** Times every answer under the route's pattern (`/api/u/:userIndex/…`); unmatched URLs as one label. */
  observeHttp(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      this.httpDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });
  }

  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
