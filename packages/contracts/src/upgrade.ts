import { z } from 'zod';
import { DisabledFeature } from './account.js';

/**
 * The Upgrade page (settings child `upgrade`, `GET /settings/upgrade`): the features the account's plan lacks —
 * the deployment's `DISABLED_FEATURES` with the operator's per-account overrides applied — and where to upgrade
 * (`UPGRADE_URL`; null when the operator set none, and then the page links nowhere).
 */
export const UpgradeInfo = z
  .object({
    features: z.array(DisabledFeature),
    upgradeUrl: z.string().nullable(),
  })
  .meta({ id: 'UpgradeInfo' });
export type UpgradeInfo = z.infer<typeof UpgradeInfo>;
