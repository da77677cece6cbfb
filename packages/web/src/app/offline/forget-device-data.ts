import { clearRuntimeCaches } from '../pwa/runtime-caches';
import type { OfflineCache } from './offline-cache';

/**
 * What a sign-out deletes beyond the in-memory cache: the user's offline copy (everyone's for `all`, the device
 * logout, which also empties the service worker's runtime caches).
 */
export async function forgetDeviceData(offlineCache: OfflineCache, scope: number | 'all'): Promise<void> {
  await offlineCache.forget(scope);
  if (scope === 'all') await clearRuntimeCaches();
}
