import { notifyManager, timeoutManager } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app-providers';
import { AppRouterProvider } from './app-router-provider';
import { initAppI18n } from './i18n/app-i18n';
import { storedLanguage } from './i18n/language-storage';
import { connectConnectivity } from './offline/connect-connectivity';
import { forgetDeviceData } from './offline/forget-device-data';
import { createOfflineCache } from './offline/offline-cache';
import { indexedDbStorage } from './offline/offline-storage';
import { createServiceWorkerUpdates } from './pwa/service-worker-updates';
import { startServiceWorker } from './pwa/start-service-worker';
import { createQueryClient } from './query-client';
import { preloadRouteChunks } from './preload-route-chunks';
import { coalescedTimeouts } from './coalesced-timeouts';
import { createAppRouter, routes, type AppRouter } from './router';
import { FontsAfterFirstPaint } from './theme/fonts-after-first-paint';
import { connectSession } from './session/connect-session';
import { warmLocaleData } from './warm-locale-data';

/**
 * Starts the app (main.tsx imports this module in a task of its own). The start's steps each in a task of their own,
 * after the one that evaluated the modules: Lighthouse counts the time of every task beyond 50 ms as blocking.
 */
export async function startApp() {
  await nextTask();
  // Before any query exists: a provider is not changed once timers are set (TanStack's rule). The batched
  // notifications of its observers (each a timer of 0 ms) share the same browser timer.
  const timeouts = coalescedTimeouts();
  timeoutManager.setTimeoutProvider(timeouts);
  notifyManager.setScheduler((callback) => void timeouts.setTimeout(callback, 0));
  const queryClient = createQueryClient();
  const offlineCache = createOfflineCache({ storage: indexedDbStorage(), buster: __WEBMAIL_BUILD__ });
  // The device's copy is in the cache before the first render, so an offline start shows it at once.
  const cacheRestored = offlineCache.start(queryClient);
  const inboxPage = preloadRouteChunks(routes, window.location.pathname, { queryClient, cacheRestored });
  connectConnectivity();
  warmLocaleData(storedLanguage());
  await nextTask();
  const [i18n, , inboxPath] = await Promise.all([
    initAppI18n(),
    cacheRestored,
    noLaterThan(inboxPage, inboxPageWaitMs),
  ]);
  // A user's home leads to the Inbox: with its list's first page in the cache, the first render is that page,
  // complete, in one transition (an answer that came while React rendered made it render everything again at once,
  // a long task on a phone) and without the Inbox redirect's second navigation.
  if (inboxPath) window.history.replaceState(window.history.state, '', inboxPath + window.location.search);
  const router = createAppRouter();
  await nextTask();
  const session = connectSession(router, queryClient, {
    forgetDeviceData: (scope) => forgetDeviceData(offlineCache, scope),
  });
  const updates = createServiceWorkerUpdates();
  // The sign-in page drawn by its HTML (scripts/html-pages.ts), or the spinner of index.html, stays until the router
  // has the page: the first render is that page, not the router's loading spinner in its place.
  await routerReady(router);

  const root = createRoot(document.getElementById('root')!);
  // As a transition, React renders the first page in slices it can interrupt (a phone's main thread is not held for
  // the whole layout at once); the spinner of index.html, or the drawn sign-in page, stays until the commit.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders i18n={i18n} queryClient={queryClient} session={session} updates={updates}>
          <AppRouterProvider router={router} />
        </AppProviders>
        <FontsAfterFirstPaint />
      </StrictMode>,
    ),
  );
  startServiceWorker(updates);
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

/** How long the start waits for the Inbox's first page before it shows the page with its list still loading. */
const inboxPageWaitMs = 1500;

function noLaterThan<T>(value: Promise<T | null>, ms: number): Promise<T | null> {
  return Promise.race([value, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
}

/**
 * Resolves once the router has its first page (the session rule, the matched routes' modules). Subscribing also takes
 * the update the router keeps for its first subscriber: left for the provider, it would be applied again inside the
 * first commit, a second render in the same long task.
 */
async function routerReady(router: AppRouter): Promise<void> {
  let stop = () => {};
  await new Promise<void>((resolve) => {
    stop = router.subscribe((state) => state.initialized && resolve());
    if (router.state.initialized) resolve();
  });
  stop();
}
