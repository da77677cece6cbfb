import { UserIndexParams } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import { UpgradeInfo } from './upgrade.js';

/** The Upgrade page (`GET /settings/upgrade`). */
export const upgradeEndpoints = {
  upgrade: defineEndpoint({
    method: 'GET',
    path: '/u/:userIndex/settings/upgrade',
    auth: 'session',
    summary: "The features the account's plan lacks and where to upgrade",
    tags: ['settings'] as const,
    params: UserIndexParams,
    responses: { 200: UpgradeInfo },
    errors: [401],
  }),
};
