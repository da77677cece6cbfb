import { readFileSync } from 'node:fs';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './infra/config.js';
import { createDatabase, migrateToLatest, type Db } from './infra/db/database.js';
import { frameworkErrors, registerErrorHandler } from './infra/errors.js';
import { createLogger } from './infra/logger.js';
import { registerRouteAuth } from './infra/route-auth.js';
import { registerSecurityHeaders } from './infra/security-headers.js';
import { registerSpa } from './infra/spa.js';
import { registerXsrf } from './infra/xsrf.js';
import { ImapPool } from './mail/imap/imap-pool.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { AuthService } from './features/auth/auth.service.js';
import { DeviceAccountsRepository } from './features/auth/device-accounts.repository.js';
import { SessionsRepository } from './features/auth/sessions.repository.js';
import { SignInThrottle } from './features/auth/sign-in-throttle.js';
import { SecurityEventsRepository } from './features/security/security-events.repository.js';
import { SecurityEventsService } from './features/security/security-events.service.js';
import { RateWindow } from './infra/rate-window.js';
import { UsersRepository } from './features/auth/users.repository.js';
import { healthRoutes } from './features/health/health.routes.js';
import { MailboxIdsRepository } from './features/mailboxes/mailbox-ids.repository.js';
import { ActiveSessions } from './features/mailboxes/active-sessions.js';
import { FoldersService } from './features/mailboxes/folders.service.js';
import { mailboxesRoutes } from './features/mailboxes/mailboxes.routes.js';
import { FolderRetentionService } from './features/mailboxes/folder-retention.service.js';
import { QuotaCache } from './features/mailboxes/quota-cache.js';
import { RetentionJob } from './features/mailboxes/retention-job.js';
import { MailboxesService } from './features/mailboxes/mailboxes.service.js';
import { massActionsRoutes } from './features/messages/mass-actions.routes.js';
import { MassActionsService } from './features/messages/mass-actions.service.js';
import { messagesRoutes } from './features/messages/messages.routes.js';
import { MessagesService } from './features/messages/messages.service.js';
import { SortedUidsCache } from './features/messages/sorted-uids-cache.js';
import { createCompose } from './features/compose/compose.module.js';
import { MessageDownloadsService } from './features/messages/message-downloads.service.js';
import { readingRoutes } from './features/messages/reading.routes.js';
import { ThreadService } from './features/messages/thread.service.js';
import { imageProxyRoutes } from './features/image-proxy/image-proxy.routes.js';
import { ImageProxySigner } from './features/image-proxy/image-proxy-signer.js';
import { externalContentRoutes } from './features/settings/external-content.routes.js';
import { ExternalContentRepository } from './features/settings/external-content.repository.js';
import { ExternalContentService } from './features/settings/external-content.service.js';
import { detailsRoutes } from './features/settings/details.routes.js';
import { DetailsService } from './features/settings/details.service.js';
import { UserSettingsRepository } from './features/settings/user-settings.repository.js';
import { translationsRoutes } from './features/translations/translations.routes.js';
import { TranslationsService } from './features/translations/translations.service.js';

const version = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export interface RouteEntry {
  method: string;
  url: string;
  auth: string | undefined;
}

export interface AppServices {
  db: Db;
  securityEvents: SecurityEventsService;
  imapPool: ImapPool;
  retention: RetentionJob;
  routes: RouteEntry[];
}

/** Builds the whole app without listening (tests call it directly). Closing the app closes DB and IMAP. */
export async function buildApp(
  config: Config,
  options: { logStream?: DestinationStream } = {},
): Promise<FastifyInstance & { services: AppServices }> {
  const app = Fastify({
    loggerInstance: createLogger(config, options.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Path parameters up to this length reach the route's schema (a 422 naming the field); longer ones are
    // refused by the router (414, see frameworkErrors). Every id of the API is far shorter.
    routerOptions: { maxParamLength: 512 },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes = collectRoutes(app);

  const db = createDatabase(config);
  await migrateToLatest(db);
  const imapPool = new ImapPool(config.imapIdleCloseMs);
  app.addHook('onClose', async () => {
    clearInterval(pruneTimer);
    await retention.stop();
    await compose.job.stop();
    await imapPool.closeAll();
    await db.destroy();
  });

  const sessions = new SessionsRepository(db);
  const users = new UsersRepository(db);
  const auth = new AuthService(config, sessions, new DeviceAccountsRepository(db), users, imapPool, app.log);
  const securityEvents = new SecurityEventsService(new SecurityEventsRepository(db), app.log);
  const authLimits = {
    signInFailures: new SignInThrottle(config.loginLock.failures, config.loginLock.windowMs),
    refreshes: new RateWindow(config.refreshRateLimitPerMinute, 60_000),
  };
  const pruneTimer = setInterval(() => void securityEvents.prune().catch(() => undefined), 3_600_000);
  pruneTimer.unref();
  const mailboxIds = new MailboxIdsRepository(db);
  const activeSessions = new ActiveSessions();
  const quotas = new QuotaCache();
  const mailboxes = new MailboxesService(auth, mailboxIds, quotas, activeSessions, app.log);
  const retention = new RetentionJob(
    new FolderRetentionService(mailboxIds, app.log),
    activeSessions,
    imapPool,
    quotas,
    app.log,
  );
  retention.start(config.retentionIntervalMs);
  const folders = new FoldersService(mailboxes, mailboxIds);
  const sortedUids = new SortedUidsCache();
  // Cached lists describe one connection's view; a signed-out session's 100,000-UID lists must not linger.
  imapPool.onConnectionEnd((sessionId) => sortedUids.forgetSession(sessionId));
  const imageProxySigner = new ImageProxySigner(config.sessionSecret);
  const externalContent = new ExternalContentService(new ExternalContentRepository(db));
  const messages = new MessagesService(auth, mailboxes, sortedUids, {
    decide: (session, sender) => externalContent.decide(session, sender),
    proxy: (session, url) =>
      imageProxySigner.sign(url, { account: session.email, userIndex: session.userIndex }),
  });
  const threads = new ThreadService(auth, mailboxes);
  const downloads = new MessageDownloadsService(auth, mailboxes);
  const massActions = new MassActionsService(auth, mailboxes, sortedUids);
  const compose = createCompose({
    config,
    db,
    auth,
    sessions,
    mailboxes,
    mailboxIds,
    imapPool,
    log: app.log,
  });
  compose.job.start();
  const translations = new TranslationsService(config.localesDir);
  const details = new DetailsService(
    new UserSettingsRepository(db),
    users,
    mailboxes,
    config.disabledFeatures,
  );

  await app.register(cookie);
  await registerSecurityHeaders(app);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Webmail API', version },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'wm_at_{userIndex}' },
          xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  registerErrorHandler(app);
  registerXsrf(app, config);
  registerRouteAuth(app, auth);

  await app.register(
    async (api) => {
      await api.register(healthRoutes(config, version));
      await api.register(translationsRoutes(translations));
      await api.register(authRoutes(config, auth, authLimits, securityEvents));
      await api.register(mailboxesRoutes(mailboxes, folders));
      await api.register(messagesRoutes(messages));
      await api.register(readingRoutes(threads, downloads));
      await api.register(imageProxyRoutes(imageProxySigner, { ...config.imageProxy, maxRedirects: 3 }));
      await api.register(externalContentRoutes(externalContent));
      await api.register(massActionsRoutes(massActions));
      await api.register(compose.routes);
      await api.register(detailsRoutes(details));
      api.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
    },
    { prefix: '/api' },
  );
  await registerSpa(app, config.webDistDir);

  return Object.assign(app, { services: { db, securityEvents, imapPool, retention, routes } });
}

/**
 * Every /api route must declare its auth mode and a schema (conventions §3). A route without them stops
 * the server at boot rather than shipping undocumented or unguarded.
 */
function collectRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const auth = (route.config as { auth?: string } | undefined)?.auth;
    if (auth !== 'public' && auth !== 'session') {
      throw new Error(`Route ${route.method} ${route.url} declares no auth mode`);
    }
    if (!route.schema) throw new Error(`Route ${route.method} ${route.url} has no schema`);
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, auth });
  });
  return routes;
}
