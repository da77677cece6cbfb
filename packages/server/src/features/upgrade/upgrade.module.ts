import type { Config } from '../../infra/config.js';
import type { Db } from '../../infra/db/database.js';
import type { FeatureModule } from '../../infra/http/feature-module.js';
import { FeatureOverridesRepository } from './feature-overrides.repository.js';
import { PlanFeaturesService } from './plan-features.service.js';
import { upgradeRoutes } from './upgrade.routes.js';

export interface UpgradeModuleDeps {
  config: Pick<Config, 'disabledFeatures' | 'upgradeUrl'>;
  db: Db;
}

/** Plan features (deployment switches + per-account overrides), asked by every gated feature; the Upgrade page. */
export function createUpgradeModule(deps: UpgradeModuleDeps) {
  const plan = new PlanFeaturesService(
    new FeatureOverridesRepository(deps.db),
    deps.config.disabledFeatures,
    deps.config.upgradeUrl,
  );
  const module: FeatureModule = { name: 'upgrade', routes: upgradeRoutes(plan) };
  return { module, plan };
}
