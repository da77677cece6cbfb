import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/app-providers';
import { AppRouterProvider } from './app/app-router-provider';
import { showsDrawnPage } from './app/drawn-sign-in-page';
import { initAppI18n } from './app/i18n/app-i18n';
import { connectConnectivity } from './app/offline/connect-connectivity';
import { forgetDeviceData } from './app/offline/forget-device-data';
import { createOfflineCache } from './app/offline/offline-cache';
import { indexedDbStorage } from './app/offline/offline-storage';
import { createServiceWorkerUpdates } from './app/pwa/service-worker-updates';
import { startServiceWorker } from './app/pwa/start-service-worker';
import { createQueryClient } from './app/query-client';
import { preloadRouteChunks } from './app/preload-route-chunks';
import { createAppRouter, routes, type AppRouter } from './app/router';
import { connectSession } from './app/session/connect-session';

async function start() {
  const queryClient = createQueryClient();
  const offlineCache = createOfflineCache({ storage: indexedDbStorage(), buster: __WEBMAIL_BUILD__ });
  // The device's copy is in the cache before the first render, so an offline start shows it at once.
  const cacheRestored = offlineCache.start(queryClient);
  preloadRouteChunks(routes, window.location.pathname, { queryClient, cacheRestored });
  // The @font-face rules as a stylesheet the app loads itself: a <link> in the page would block the first paint,
  // and with `font-display: swap` the text needs no font to show.
  void import('./app/theme/fonts.css');
  connectConnectivity();
  const [i18n] = await Promise.all([initAppI18n(), cacheRestored]);
  const router = createAppRouter();
  const session = connectSession(router, queryClient, {
    forgetDeviceData: (scope) => forgetDeviceData(offlineCache, scope),
  });
  const updates = createServiceWorkerUpdates();
  // The sign-in page drawn by its HTML (scripts/html-pages.ts) stays until the router has the page: the first
  // render then replaces it with the same page, where a render now would put the loading spinner in its place.
  if (showsDrawnPage()) await routerReady(router);

  const root = createRoot(document.getElementById('root')!);
  // As a transition, React renders the first page in slices it can interrupt (a phone's main thread is not held for
  // the whole layout at once); the spinner of index.html, or the drawn sign-in page, stays until the commit.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders i18n={i18n} queryClient={queryClient} session={session} updates={updates}>
          <AppRouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
  startServiceWorker(updates);
}

function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

void start();
