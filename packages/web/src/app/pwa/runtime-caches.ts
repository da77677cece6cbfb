/**
 * The service worker's runtime caches (beside Workbox's precache of the app shell), named here so that the
 * build (`vite.config.ts`) and the device logout (`app/offline/forget-device-data.ts`) agree.
 *
 * Only one: the translation catalogue (`GET /api/translations/{lang}/root.webmail`), network first, so that the
 * app shell can start offline in the user's language. It holds no mail and nothing of any user; it is still
 * deleted on a device logout, with everything else the device kept.
 */
export const runtimeCacheNames = { translations: 'webmail-translations' } as const;

/** Deletes the runtime caches (not the precached app shell, which holds no user data). */
export async function clearRuntimeCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(Object.values(runtimeCacheNames).map((name) => caches.delete(name)));
}
