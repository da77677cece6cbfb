import {
  DisabledFeature,
  disabledFeatureNames,
  type ErrorReason,
  type UpgradeInfo,
} from '@webmail/contracts';
import { refusal } from '../../infra/errors.js';
import type { FeatureOverridesRepository } from './feature-overrides.repository.js';

/** Why a switched-off feature is refused, and how its 403 reads. */
const refusals: Record<DisabledFeature, [ErrorReason, string]> = {
  targets: ['targetsDisabled', 'Forwarding is not part of your plan'],
  folders: ['foldersDisabled', 'Folder management is not part of your plan'],
  signatures: ['signaturesDisabled', 'Signatures are not part of your plan'],
  autoreply: ['autoreplyDisabled', 'Auto-reply is not part of your plan'],
  contacts: ['contactsDisabled', 'Contacts are not part of your plan'],
  filters: ['filtersDisabled', 'Filters are not part of your plan'],
};

export interface FeatureOverride {
  account: string;
  feature: DisabledFeature;
  enabled: boolean;
  updated: Date;
}

/**
 * The one answer to "is feature F enabled for this account": the deployment's `DISABLED_FEATURES`, then the
 * operator's per-account overrides on top (`enabled` gives a feature back, `disabled` takes one away). Every plan
 * check of every feature (contacts, signatures, folders, filters, forwarding, auto-reply, the user details, the
 * Upgrade page) asks here, so an override switches the feature everywhere at once.
 *
 * Read from the database on every call, not cached: the admin CLI writes from another process (and any number of
 * server processes share the table), and the lookup is one primary-key read.
 */
export class PlanFeaturesService {
  constructor(
    private readonly overrides: FeatureOverridesRepository,
    private readonly deploymentDisabled: readonly DisabledFeature[],
    private readonly upgradeUrl: string | null,
  ) {}

  /** The features the account lacks, in the contract's order. */
  async disabledFor(account: string): Promise<DisabledFeature[]> {
    const disabled = new Set<DisabledFeature>(this.deploymentDisabled);
    for (const row of await this.overrides.forAccount(normalize(account))) {
      const feature = DisabledFeature.safeParse(row.feature);
      if (!feature.success) continue; // a feature a later build dropped
      if (row.enabled) disabled.delete(feature.data);
      else disabled.add(feature.data);
    }
    return disabledFeatureNames.filter((f) => disabled.has(f));
  }

  async isEnabled(account: string, feature: DisabledFeature): Promise<boolean> {
    return !(await this.disabledFor(account)).includes(feature);
  }

  /** 403 with the feature's reason (`contactsDisabled`, …) when the account's plan lacks it. */
  async require(account: string, feature: DisabledFeature): Promise<void> {
    if (await this.isEnabled(account, feature)) return;
    const [reason, message] = refusals[feature];
    throw refusal('Forbidden', 403, reason, message);
  }

  async upgradeInfo(account: string): Promise<UpgradeInfo> {
    return { features: await this.disabledFor(account), upgradeUrl: this.upgradeUrl };
  }

  // The operator's side (the admin CLI).

  async setOverride(account: string, feature: DisabledFeature, enabled: boolean): Promise<void> {
    await this.overrides.set(normalize(account), feature, enabled, Date.now());
  }

  /** Back to the deployment's setting; false when there was no override. */
  async clearOverride(account: string, feature: DisabledFeature): Promise<boolean> {
    return (await this.overrides.clear(normalize(account), feature)) > 0;
  }

  async listOverrides(account?: string): Promise<FeatureOverride[]> {
    const rows = account ? await this.overrides.forAccount(normalize(account)) : await this.overrides.all();
    return rows.flatMap((row) => {
      const feature = DisabledFeature.safeParse(row.feature);
      return feature.success
        ? [
            {
              account: row.account,
              feature: feature.data,
              enabled: row.enabled,
              updated: new Date(row.updated_at),
            },
          ]
        : [];
    });
  }
}

/** Sessions name accounts trimmed and lower-cased; the overrides are keyed the same way. */
export function normalize(account: string): string {
  return account.trim().toLowerCase();
}

/** What features use to ask (declared here so they need no more than this of the upgrade feature). */
export type PlanFeatures = Pick<PlanFeaturesService, 'disabledFor' | 'isEnabled' | 'require'>;
