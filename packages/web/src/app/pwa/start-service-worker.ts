import type { ServiceWorkerUpdates } from './service-worker-updates';

/** Where vite-plugin-pwa writes the worker (`vite.config.ts`); scope: the whole app. */
export const serviceWorkerUrl = '/sw.js';

/**
 * Registers the service worker of a production build once the page has loaded (its precache downloads the app
 * shell and should not compete with the first page's own requests). workbox-window is loaded only then, so it
 * is not part of the first chunk. The dev server and the tests have no worker.
 */
export function startServiceWorker(updates: ServiceWorkerUpdates): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    void import('workbox-window')
      .then(({ Workbox }) =>
        updates.connect(new Workbox(serviceWorkerUrl, { scope: '/' }), navigator.serviceWorker),
      )
      .catch((error: unknown) => console.warn('Service worker registration failed', error));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
