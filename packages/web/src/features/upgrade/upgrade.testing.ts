import type { UpgradeInfo } from '@webmail/contracts';
import { http, HttpResponse } from 'msw';

/** GET …/settings/upgrade answering the given plan information. */
export function upgradeApi(info: UpgradeInfo) {
  return {
    handlers: [http.get('/api/u/:userIndex/settings/upgrade', () => HttpResponse.json(info))],
  };
}
