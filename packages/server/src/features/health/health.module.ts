import type { Config } from '../../infra/config.js';
import type { FeatureModule } from '../../infra/http/feature-module.js';
import { healthRoutes } from './health.routes.js';

/** `GET /api/`: the health check that also renews the XSRF token. */
export function createHealthModule(deps: { config: Config; version: string }): { module: FeatureModule } {
  return { module: { name: 'health', routes: healthRoutes(deps.config, deps.version) } };
}
