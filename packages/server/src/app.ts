import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DisabledFeature } from '@webmail/contracts';
import type { DestinationStream } from 'pino';
import { createDatabase, migrateToLatest, type Db } from './infra/db/database.js';
import { baseMigrations } from './infra/db/migrations.js';
import { eventLogMigrations } from './infra/events/event-log.migrations.js';
import { publisherOf, type EventBus } from './infra/events/event-bus.js';
import { createHttpServer, registerFeatures, type RouteEntry } from './infra/http/http-server.js';
import { Metrics } from './infra/metrics/metrics.js';
import { registerMetricsRoute } from './infra/metrics/metrics-route.js';
import type { ImapPool } from './mail/imap/imap-pool.js';
import { createCore } from './core.js';
import type { Config } from './infra/config.js';
import { MovableClock, systemClock, testClockRoutes, type Clock } from './infra/test-clock.js';
import { composeMigrations } from './features/compose/compose.migrations.js';
import { sendLaterMigrations } from './features/compose/send-later.migrations.js';
import { contactsMigrations } from './features/contacts/contacts.migrations.js';
import { createAuthModule } from './features/auth/auth.module.js';
import { createComposeModule } from './features/compose/compose.module.js';
import { createContactsModule } from './features/contacts/contacts.module.js';
import { createFiltersModule } from './features/filters/filters.module.js';
import { filtersMigrations } from './features/filters/filters.migrations.js';
import { createEventsModule } from './features/events/events.module.js';
import { createHealthModule } from './features/health/health.module.js';
import { createImageProxyModule } from './features/image-proxy/image-proxy.module.js';
import { createMailboxesModule } from './features/mailboxes/mailboxes.module.js';
import type { RetentionJob } from './features/mailboxes/retention-job.js';
import { createMessagesModule } from './features/messages/messages.module.js';
import { createReadingModule } from './features/reading/reading.module.js';
import { ThreadIndexes } from './mail/imap/thread-index.js';
import { OwnerMail } from './mail/owner-mail.js';
import { ownerMailMigrations } from './mail/owner-mail.migrations.js';
import { oidcMigrations } from './features/auth/oidc/oidc.migrations.js';
import type { ReconnectOptions } from './mail/watch/reconnect.js';
import type { QuotaCache } from './features/mailboxes/quota-cache.js';
import { createSearchModule } from './features/search/search.module.js';
import { searchMigrations } from './features/search/search.migrations.js';
import { securityMigrations } from './features/security/security.migrations.js';
import { createSignaturesModule } from './features/signatures/signatures.module.js';
import { createSecurityCore, createSecurityModule } from './features/security/security.module.js';
import type { SecurityEventsService } from './features/security/security-events.service.js';
import { outgoingAddressesMigrations } from './features/settings/outgoing-addresses.migrations.js';
import { settingsMigrations } from './features/settings/settings.migrations.js';
import { createSettingsModule } from './features/settings/settings.module.js';
import { createTranslationsModule } from './features/translations/translations.module.js';
import { createUpgradeModule } from './features/upgrade/upgrade.module.js';
import { upgradeMigrations } from './features/upgrade/upgrade.migrations.js';
import { createFeedbackModule } from './features/feedback/feedback.module.js';
import { createUnsubscribeModule } from './features/unsubscribe/unsubscribe.module.js';
import { feedbackMigrations } from './features/feedback/feedback.migrations.js';
import { createSnoozeModule, wokenOnTopOf } from './features/snooze/snooze.module.js';
import type { SnoozeWakeJob } from './features/snooze/snooze-job.js';
import { snoozeMigrations } from './features/snooze/snooze.migrations.js';
import { folderIdsMigrations } from './mail/folder-ids.migrations.js';

const version = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** Every migration of every owner, in one numbered sequence. */
export const migrations = {
  ...baseMigrations,
  ...composeMigrations,
  ...eventLogMigrations,
  ...contactsMigrations,
  ...securityMigrations,
  ...searchMigrations,
  ...settingsMigrations,
  ...filtersMigrations,
  ...outgoingAddressesMigrations,
  ...upgradeMigrations,
  ...feedbackMigrations,
  ...ownerMailMigrations,
  ...sendLaterMigrations,
  ...oidcMigrations,
  ...folderIdsMigrations,
  ...snoozeMigrations,
};

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

/**
 * The composition root: builds the app without listening (tests call it directly). The shared core (database,
 * session layer, mail sessions, event bus, jobs) is made once; each feature module gets only what it reads, in
 * the order of the feature graph. Closing the app stops the jobs and closes IMAP and the database.
 */
export async function buildApp(
  config: Config,
  options: {
    logStream?: DestinationStream;
    clock?: Clock;
    /** The mailbox watchers' reconnect clock and randomness (tests). */
    watcherRetry?: ReconnectOptions;
  } = {},
): Promise<FastifyInstance & { services: AppServices }> {
  const { app, routes } = await createHttpServer(config, version, options.logStream);
  const metrics = new Metrics();
  metrics.observeHttp(app);
  if (!config.publicUrl)
    app.log.warn(
      'PUBLIC_URL is not set: verification mails carry only their code, and passkeys work only at %s',
      config.security.webauthn.origin,
    );
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
  const { mail, lifecycle, folderIds } = core;
  const publish = publisherOf(core.bus);
  // The plan switches (deployment DISABLED_FEATURES + per-account overrides): the route gate of every endpoint that
  // names a plan feature (registerFeatures), and what the filters and the user details read.
  const upgrade = createUpgradeModule({ config, db });
  const { plan } = upgrade;

  // Security's log and second sign-in step go to auth as interfaces (auth is below security in the graph).
  const securityCore = createSecurityCore({ config, db, publish, log: app.log });
  // Background mail work for absent owners; each use of the master credential goes to the owner's security log.
  const owners = new OwnerMail({
    db,
    access: core.access,
    mail,
    node: config.nodeName,
    record: (use) =>
      securityCore.securityEvents.record(
        {
          account: use.account,
          type: 'backgroundMailAccess',
          protocol: 'imap',
          ip: use.node,
          userAgent: `webmail ${use.job}`,
        },
        use.at,
      ),
    log: app.log,
  });
  const auth = createAuthModule({
    config,
    db,
    sessions: core.sessions,
    lifecycle,
    signIn: core.signIn,
    authenticator: core.authenticator,
    signInLog: securityCore.securityEvents,
    secondFactor: securityCore.secondFactor,
    log: app.log,
    clock,
  });
  // Token pass-through: single sign-on sessions log in to the mail server with the user's access token.
  if (auth.mailTokens) mail.useTokenLogins(auth.mailTokens);
  const security = createSecurityModule({
    config,
    db,
    core: securityCore,
    auth: auth.auth,
    mail,
    admin: core.admin,
    publish,
  });
  const mailboxes = createMailboxesModule({
    db,
    mail,
    folderIds,
    lifecycle,
    retentionIntervalMs: config.retentionIntervalMs,
    owners,
    publish,
    log: app.log,
  });
  const imageProxy = createImageProxyModule({ config });
  const threadIndexes = new ThreadIndexes();
  mail.onAccountGone((email) => threadIndexes.forgetAccount(email));
  const reading = createReadingModule({
    mail,
    mailboxes: mailboxes.mailboxes,
    threadIndexes,
  });
  const messages = createMessagesModule({
    mail,
    mailboxes: mailboxes.mailboxes,
    proxy: (session, url) =>
      imageProxy.signer.sign(url, { account: session.email, userIndex: session.userIndex }),
    listed: (session, mailboxId) => void reading.threads.prepare(session, mailboxId),
    outboundAllowHosts: config.unsubscribe.policy.allowHosts,
    woken: wokenOnTopOf(db, clock),
  });
  const filters = createFiltersModule({
    db,
    mail,
    mailboxes: mailboxes.mailboxes,
    folderPaths: mailboxes.folderPaths,
    massActions: messages.massActions,
    sieve: config.sieve,
    plan,
    publish,
    changeLog: securityCore.securityEvents,
    log: app.log,
  });
  const settings = createSettingsModule({
    config,
    db,
    mail,
    auth: auth.auth,
    avatars: auth.avatars,
    mailboxes: mailboxes.mailboxes,
    remoteContent: messages.remoteContent,
    plan,
    publish,
    delivery: filters.delivery,
    securityLog: (account, type, origin) =>
      securityCore.securityEvents.record({ account, type, ...origin, protocol: 'web' }),
  });
  const signatures = createSignaturesModule({ db, publish });
  const compose = createComposeModule({
    config,
    db,
    mail,
    connector: core.connector,
    access: core.access,
    folderIds,
    nameOf: (email) => auth.auth.nameOf(email),
    senders: (email) => settings.outgoingAddresses.senders(email),
    publish,
    clock,
    recordBackgroundSend: (account) => owners.recordUse(account, 'send-later'),
    log: app.log,
  });
  const contacts = createContactsModule({ config, db, publish });
  const feedback = createFeedbackModule({
    config,
    db,
    mail,
    nameOf: (email) => auth.auth.nameOf(email),
    version,
    log: app.log,
  });
  const unsubscribe = createUnsubscribeModule({
    config,
    nameOf: (email) => auth.auth.nameOf(email),
    securityLog: (account, origin) =>
      securityCore.securityEvents.record({ account, type: 'listUnsubscribed', ...origin, protocol: 'web' }),
    log: app.log,
  });
  const snooze = createSnoozeModule({
    db,
    mailboxes: mailboxes.mailboxes,
    folderIds,
    owners,
    publish,
    clock,
    intervalMs: config.snoozeIntervalMs,
    concurrency: config.snoozeWakeConcurrency,
    node: config.nodeName,
    log: app.log,
  });
  const search = createSearchModule({
    config,
    db,
    mail,
    mailboxes: mailboxes.mailboxes,
    messages: messages.messages,
    massActions: messages.massActions,
    publish,
    log: app.log,
  });

  const events = createEventsModule({
    config: config.events,
    mail,
    bus: core.bus,
    eventLog: core.eventLog,
    lifecycle,
    connector: core.connector,
    folderIds,
    messages: messages.messages,
    owners,
    folderStatus: reading.folderStatus,
    retry: options.watcherRetry,
    log: app.log,
  });
  observeState(metrics, { pool: core.pool, events, outboxQueue: compose.outboxQueue });
  if (config.metrics.path)
    registerMetricsRoute(app, { ...config.metrics, path: config.metrics.path }, metrics);
  const health = createHealthModule({ config, version, db, migrationNames: Object.keys(migrations) });

  if (testClock) {
    await app.register(
      testClockRoutes(testClock, async () => {
        // Every timed job runs at once after the move: the outbox (send later) and the snooze wake.
        await core.jobs.runNow('outbox');
        if (owners.available) await core.jobs.runNow(snooze.wakeJob.job.name);
      }),
      {
        prefix: '/api',
      },
    );
  }
  const planGate = (account: string, feature: DisabledFeature) => plan.require(account, feature);
  const requestScopeParts = (request: FastifyRequest) => ({
    get mail() {
      return mail.forRequest(request);
    },
  });
  await registerFeatures(app, { ...core, planGate, requestScopeParts }, [
    health.module,
    createTranslationsModule({ localesDir: config.localesDir }).module,
    auth.module,
    upgrade.module,
    security.module,
    mailboxes.module,
    messages.module,
    reading.module,
    imageProxy.module,
    compose.module,
    contacts.module,
    search.module,
    settings.module,
    signatures.module,
    filters.module,
    feedback.module,
    unsubscribe.module,
    snooze.module,
    events.module,
  ]);
  app.addHook('onClose', async () => {
    await securityCore.credentials?.close();
    await db.destroy();
  });

  return Object.assign(app, {
    services: {
      db,
      bus: core.bus,
      securityEvents: securityCore.securityEvents,
      imapPool: core.pool,
      retention: mailboxes.retention,
      runJob: (name: string) => core.jobs.runNow(name),
      snoozeWake: snooze.wakeJob,
      clock,
      events,
      caches: { ...messages.caches, threadIndexes, quotas: mailboxes.quotas },
      routes,
    },
  });
}

/** The gauges read at scrape time: pooled IMAP connections, open streams and watchers, the outbox queue. */
function observeState(
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
