import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from '../config.js';
import type { JobRegistry } from '../jobs/job-registry.js';
import { createLogger } from '../logger.js';
import { registerSecurityHeaders } from '../security-headers.js';
import { registerRouteAuth, type PlanGate } from '../session/route-auth.js';
import type { ScopeParts } from './request-scope.js';
import type { SessionAuthenticator } from '../session/session-authenticator.js';
import { registerSpa } from '../spa.js';
import { registerXsrf } from '../xsrf.js';
import { frameworkErrors, registerErrorHandler } from './error-handler.js';
import { InFlight } from './in-flight.js';
import { applyMethodOverride } from './method-override.js';
import { openApiOptions } from './openapi-document.js';
import type { FeatureModule } from './feature-module.js';

export interface RouteEntry {
  method: string;
  url: string;
  auth: string | undefined;
  /** The plan feature the route belongs to, from its endpoint descriptor. */
  feature?: string;
}

/** The Fastify instance with everything every route shares: logging, schemas, cookies, headers, errors, XSRF. */
export async function createHttpServer(
  config: Config,
  version: string,
  logStream?: DestinationStream,
): Promise<{ app: FastifyInstance; routes: RouteEntry[] }> {
  const app = Fastify({
    loggerInstance: createLogger(config, logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Path parameters up to this length reach the route's schema (a 422 naming the field); longer ones are
    // refused by the router (414, see frameworkErrors). Every id of the API is far shorter.
    routerOptions: { maxParamLength: 512 },
    frameworkErrors,
    rewriteUrl: applyMethodOverride,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('checkAllResponses', config.checkAllResponses);
  app.decorate('inFlight', new InFlight());
  const routes = collectRoutes(app);
  await app.register(cookie);
  await registerSecurityHeaders(app);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, openApiOptions(version));
  registerErrorHandler(app);
  registerXsrf(app, config);
  return { app, routes };
}

/** What the features share, as far as the HTTP server needs it. */
export interface FeatureHost {
  authenticator: SessionAuthenticator;
  /** The plan check of routes whose endpoint names a plan feature. */
  planGate: PlanGate;
  /** What handlers are handed per request beyond the account (the mail session). */
  requestScopeParts: ScopeParts;
  jobs: JobRegistry;
  /** Closed last, after the jobs stopped (IMAP connections). */
  close: () => Promise<void>;
}

/**
 * Registers the features' routes under `/api` (and the OpenAPI document), their jobs and subscribers, then the
 * SPA. Closing the app unsubscribes, stops the jobs and closes the host.
 */
export async function registerFeatures(
  app: FastifyInstance,
  host: FeatureHost & { log?: FastifyBaseLogger; webDistDir: string; drawnSignInPage: boolean },
  modules: FeatureModule[],
): Promise<void> {
  registerRouteAuth(app, host.authenticator, host.planGate);
  app.decorate('requestScopeParts', host.requestScopeParts);
  await app.register(
    async (api) => {
      for (const module of modules) if (module.routes) await api.register(module.routes);
      api.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
    },
    { prefix: '/api' },
  );
  await registerSpa(app, { distDir: host.webDistDir, drawnSignInPage: host.drawnSignInPage });
  const unsubscribe = modules.flatMap((m) => (m.subscribers ?? []).map((subscribe) => subscribe()));
  for (const module of modules) for (const job of module.jobs ?? []) host.jobs.register(job);
  host.jobs.start();
  // Long-lived answers (event streams) end first, or closing would wait for them.
  app.addHook('preClose', async () => {
    await Promise.all(modules.map((m) => m.close?.()));
  });
  app.addHook('onClose', async () => {
    // Handlers whose client left are still running: they finish before what they use closes.
    const inFlight = app.inFlight;
    if (inFlight?.size)
      app.log.info({ requests: inFlight.size }, 'stopping: waiting for the requests still running');
    await inFlight?.settled();
    for (const off of unsubscribe) off();
    await host.jobs.stop();
    await host.close();
  });
}

/**
 * Every /api route must declare its auth mode, a schema and (unless hidden from the document) an operationId.
 * A route without them stops the server at boot rather than shipping undocumented or unguarded.
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
    if (!route.schema.hide && !route.schema.operationId) {
      throw new Error(
        `Route ${route.method} ${route.url} has no operationId (its descriptor is in no *Endpoints group)`,
      );
    }
    const feature = (route.config as { feature?: string } | undefined)?.feature;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, auth, feature });
  });
  return routes;
}
