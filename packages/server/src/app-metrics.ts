import type { createEventsModule } from './features/events/events.module.js';
import type { Metrics } from './infra/metrics/metrics.js';
import type { ImapPool } from './mail/imap/imap-pool.js';

/** The gauges read at scrape time: pooled IMAP connections, open streams and watchers, the outbox queue. */
export function observeState(
  metrics: Metrics,
  parts: {
    pool: ImapPool;
    events: ReturnType<typeof createEventsModule>;
    outboxQueue: () => Promise<{ depth: number; oldestCreatedAt: number | null }>;
  },
): void {
  metrics.gauge(
    'webmail_imap_pool_connections',
    'Pooled IMAP connections of signed-in sessions',
    () => parts.pool.size,
  );
  metrics.gauge('webmail_event_streams_open', 'Open event streams', () => parts.events.streams.size);
  metrics.gauge(
    'webmail_mailbox_watchers',
    'Mailbox watchers (one IMAP connection each, live mail)',
    () => parts.events.watchers.size,
  );
  // One query per scrape serves both outbox gauges.
  let reading: Promise<{ depth: number; oldestCreatedAt: number | null }> | null = null;
  const queue = () => {
    reading ??= parts.outboxQueue().finally(() => setImmediate(() => (reading = null)));
    return reading;
  };
  metrics.gauge(
    'webmail_outbox_queue_depth',
    'Sends waiting or being sent',
    async () => (await queue()).depth,
  );
  metrics.gauge(
    'webmail_outbox_oldest_age_seconds',
    'Age of the oldest send not yet handed over',
    async () => {
      const { oldestCreatedAt } = await queue();
      return oldestCreatedAt === null ? 0 : Math.max(0, (Date.now() - oldestCreatedAt) / 1000);
    },
  );
}
