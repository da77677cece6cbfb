import type { Db } from '../../infra/db/database.js';

export interface FeatureOverrideRow {
  account: string;
  feature: string;
  enabled: boolean;
  updated_at: number;
}

/** The per-account plan switches; accounts are stored lower-cased (as sessions name them). */
export class FeatureOverridesRepository {
  constructor(private readonly db: Db) {}

  async forAccount(account: string): Promise<FeatureOverrideRow[]> {
    const rows = await this.db
      .selectFrom('feature_overrides')
      .selectAll()
      .where('account', '=', account)
      .execute();
    return rows.map(toRow);
  }

  async all(): Promise<FeatureOverrideRow[]> {
    const rows = await this.db
      .selectFrom('feature_overrides')
      .selectAll()
      .orderBy('account')
      .orderBy('feature')
      .execute();
    return rows.map(toRow);
  }

  async set(account: string, feature: string, enabled: boolean, now: number): Promise<void> {
    await this.db
      .insertInto('feature_overrides')
      .values({ account, feature, enabled: enabled ? 1 : 0, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['account', 'feature']).doUpdateSet({ enabled: enabled ? 1 : 0, updated_at: now }),
      )
      .execute();
  }

  /** The number of rows removed. */
  async clear(account: string, feature: string): Promise<number> {
    const result = await this.db
      .deleteFrom('feature_overrides')
      .where('account', '=', account)
      .where('feature', '=', feature)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

function toRow(row: {
  account: string;
  feature: string;
  enabled: number;
  updated_at: number;
}): FeatureOverrideRow {
  return {
    account: row.account,
    feature: row.feature,
    enabled: row.enabled === 1 || (row.enabled as unknown) === true,
    updated_at: Number(row.updated_at),
  };
}
