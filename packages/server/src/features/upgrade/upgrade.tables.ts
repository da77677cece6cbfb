// Table of the upgrade feature (migration 0014_feature_overrides). Times are epoch ms.

/**
 * The operator's per-account plan switches (the admin CLI writes them): `enabled` 1 gives the account a feature
 * the deployment's `DISABLED_FEATURES` switches off, 0 takes one away that the deployment offers. One row per
 * account and feature; no row means the deployment's setting.
 */
export interface FeatureOverridesTable {
  account: string;
  feature: string;
  enabled: number;
  updated_at: number;
}

declare module '../../infra/db/database.js' {
  interface Database {
    feature_overrides: FeatureOverridesTable;
  }
}
