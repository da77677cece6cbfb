import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DisabledFeature } from '@webmail/contracts';
import type { DestinationStream } from 'pino';
import { buildLayers, type AppContext, type Layers } from './app-graph.js';
import { observeState } from './app-metrics.js';
import { migrations } from './app-migrations.js';
import { createCore, type Core } from './core.js';
import type { createEventsModule } from './features/events/events.module.js';
import { createHealthModule } from './features/health/health.module.js';
import type { RetentionJob } from './features/mailboxes/retention-job.js';
import type { QuotaCache } from './features/mailboxes/quota-cache.js';
import type { createMessagesModule } from './features/messages/messages.module.js';
import type { SecurityEventsService } from './features/security/security-events.service.js';
import type { SnoozeWakeJob } from './features/snooze/snooze-job.js';
import { createTranslationsModule } from './features/translations/translations.module.js';
import { createUpgradeModule } from './features/upgrade/upgrade.module.js';
import type { Config } from './infra/config.js';
import { createDatabase, migrateToLatest, type Db } from './infra/db/database.js';
import { publisherOf, type EventBus } from './infra/events/event-bus.js';
import type { FeatureModule } from './infra/http/feature-module.js';
import { createHttpServer, registerFeatures, type RouteEntry } from './infra/http/http-server.js';
import { Metrics } from './infra/metrics/metrics.js';
import { registerMetricsRoute } from './infra/metrics/metrics-route.js';
import { MovableClock, systemClock, testClockRoutes, type Clock } from './infra/test-clock.js';
import type { ImapPool } from './mail/imap/imap-pool.js';
import type { ThreadIndexes } from './mail/imap/thread-index.js';
import type { ReconnectOptions } from './mail/watch/reconnect.js';

export { migrations };

const version = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export type { RouteEntry };

export interface AppServices {
  db: Db;
  bus: EventBus;
  securityEvents: SecurityEventsService;
  imapPool: ImapPool;
  retention: RetentionJob;
  /** Runs a registered job now (tests: the outbox after moving their clock). */
  runJob: (name: string) => Promise<unknown>;
  snoozeWake: SnoozeWakeJob;
  /** The clock timed work goes by (a `MovableClock` under `TEST_CLOCK`). */
  clock: Clock;
  events: ReturnType<typeof createEventsModule>;
  /** The per-process caches (tests look at their sizes). */
  caches: ReturnType<typeof createMessagesModule>['caches'] & {
    threadIndexes: ThreadIndexes;
    quotas: QuotaCache;
  };
  routes: RouteEntry[];
}

interface BuildOptions {
  logStream?: DestinationStream;
  clock?: Clock;
  /** The mailbox watchers' reconnect clock and randomness (tests). */
  watcherRetry?: ReconnectOptions;
}

/**
 * The composition root: builds the app without listening (tests call it directly). The shared core (database,
 * session layer, mail sessions, event bus, jobs) is made once; each feature module gets only what it reads, in
 * the order of the feature graph (`app-graph.ts`). Closing the app stops the jobs and closes IMAP and the database.
 */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance & { services: AppServices }> {
  const { app, routes } = await createHttpServer(config, version, options.logStream);
  const metrics = new Metrics();
  metrics.observeHttp(app);
  if (!config.publicUrl)
    app.log.warn(
      'PUBLIC_URL is not set: verification mails carry only their code, and passkeys work only at %s',
      config.security.webauthn.origin,
    );
  const { db, core, clock, testClock } = await startCore(config, app, metrics, options);
  // The plan switches (deployment DISABLED_FEATURES + per-account overrides): the route gate of every endpoint that
  // names a plan feature (registerFeatures), and what the filters and the user details read.
  const upgrade = createUpgradeModule({ config, db });
  const { plan } = upgrade;
  const publish = publisherOf(core.bus);
  const ctx: AppContext = {
    config,
    db,
    core,
    log: app.log,
    publish,
    clock,
    plan,
    version,
    watcherRetry: options.watcherRetry,
  };
  const layers = buildLayers(ctx);
  // Registered before the features: Fastify runs onClose hooks last-registered first, so the database closes after
  // the jobs stopped, the pushes in hand were applied and IMAP closed — never under a send still writing its row.
  app.addHook('onClose', async () => {
    await layers.account.securityCore.credentials?.close();
    await db.destroy();
  });
  observeState(metrics, {
    pool: core.pool,
    events: layers.top.events,
    outboxQueue: layers.settings.compose.outboxQueue,
  });
  if (config.metrics.path)
    registerMetricsRoute(app, { ...config.metrics, path: config.metrics.path }, metrics);
  const health = createHealthModule({ config, version, db, migrationNames: Object.keys(migrations) });
  if (testClock) await registerTestClock(app, testClock, core, layers);
  const planGate = (account: string, feature: DisabledFeature) => plan.require(account, feature);
  const requestScopeParts = (request: FastifyRequest) => ({
    get mail() {
      return core.mail.forRequest(request);
    },
  });
  const modules = graphOrder(layers, {
    health: health.module,
    translations: createTranslationsModule({ localesDir: config.localesDir }).module,
    upgrade: upgrade.module,
  });
  await registerFeatures(app, { ...core, planGate, requestScopeParts }, modules);
  return Object.assign(app, {
    services: servicesOf({ db, core, clock, routes, layers }),
  });
}

/** The feature modules in the order of the feature graph, as `registerFeatures` registers them. */
export function graphOrder(
  { account, mail, settings, top }: Layers,
  base: { health: FeatureModule; translations: FeatureModule; upgrade: FeatureModule },
): FeatureModule[] {
  return [
    base.health,
    base.translations,
    account.auth.module,
    base.upgrade,
    account.security.module,
    mail.mailboxes.module,
    mail.messages.module,
    mail.reading.module,
    mail.imageProxy.module,
    settings.compose.module,
    settings.contacts.module,
    top.search.module,
    settings.settings.module,
    settings.signatures.module,
    mail.filters.module,
    top.feedback.module,
    top.unsubscribe.module,
    top.snooze.module,
    top.events.module,
  ];
}

/** The database migrated, the core started, and the clock timed work goes by. */
async function startCore(config: Config, app: FastifyInstance, metrics: Metrics, options: BuildOptions) {
  const db = createDatabase(config, app.log);
  await migrateToLatest(db, migrations);
  const core = createCore(config, db, app.log);
  // TEST_CLOCK=1 (refused in production): timed work reads a clock tests can move; otherwise the system clock.
  const testClock = config.testClock ? new MovableClock() : null;
  const clock = options.clock ?? testClock ?? systemClock;
  await core.start();
  core.pool.onWait = (seconds) => metrics.imapWait.observe(seconds);
  core.jobs.onRun = (job, ok, seconds) => {
    metrics.jobRuns.inc({ job, outcome: ok ? 'ok' : 'failed' });
    metrics.jobDuration.observe({ job }, seconds);
  };
  return { db, core, clock, testClock };
}

/** `POST /api/test/clock`: after a move every timed job runs at once, the outbox (send later) and the snooze wake. */
async function registerTestClock(
  app: FastifyInstance,
  testClock: MovableClock,
  core: Core,
  { account, top }: Layers,
): Promise<void> {
  await app.register(
    testClockRoutes(testClock, async () => {
      await core.jobs.runNow('outbox');
      if (account.owners.available) await core.jobs.runNow(top.snooze.wakeJob.job.name);
    }),
    {
      prefix: '/api',
    },
  );
}

/** What tests reach into: the database, the bus, jobs, the clock and the per-process caches. */
function servicesOf(parts: {
  db: Db;
  core: Core;
  clock: Clock;
  routes: RouteEntry[];
  layers: Layers;
}): AppServices {
  const { db, core, clock, routes } = parts;
  const { account, mail, top } = parts.layers;
  return {
    db,
    bus: core.bus,
    securityEvents: account.securityCore.securityEvents,
    imapPool: core.pool,
    retention: mail.mailboxes.retention,
    runJob: (name: string) => core.jobs.runNow(name),
    snoozeWake: top.snooze.wakeJob,
    clock,
    events: top.events,
    caches: { ...mail.messages.caches, threadIndexes: mail.threadIndexes, quotas: mail.mailboxes.quotas },
    routes,
  };
}
