import type { Config } from '../../infra/config.js';
import type { Db } from '../../infra/db/database.js';
import type { FeatureModule } from '../../infra/http/feature-module.js';
import { probeImap } from '../../mail/mail-server-probe.js';
import { healthRoutes } from './health.routes.js';
import { Readiness } from './readiness.js';

/** A probe that waits longer than this for one dependency reports it failed. */
const probeTimeoutMs = 2000;

/**
 * `GET /api/`: the health check that also renews the XSRF token; `/api/health/live` and `/api/health/ready` for
 * process supervisors and load balancers (no session, no rate limit).
 */
export function createHealthModule(deps: {
  config: Config;
  version: string;
  db: Db;
  migrationNames: readonly string[];
}): { module: FeatureModule; readiness: Readiness } {
  const { config } = deps;
  const imap = { ...config.imap, tlsRejectUnauthorized: config.tlsRejectUnauthorized };
  const readiness = new Readiness({
    db: deps.db,
    migrationNames: deps.migrationNames,
    imapReachable: () => probeImap(imap, probeTimeoutMs),
    timeoutMs: probeTimeoutMs,
  });
  return { module: { name: 'health', routes: healthRoutes(config, deps.version, readiness) }, readiness };
}
