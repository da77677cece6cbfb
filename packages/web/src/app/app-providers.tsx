import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { SessionEventsContext, type SessionEvents } from '../shared/session/session-events';
import { SnackbarProvider } from '../shared/snackbar/snackbar-provider';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import { AppCrashBoundary } from './app-error-page';
import type { ServiceWorkerUpdates } from './pwa/service-worker-updates';
import { UpdateNotice } from './pwa/update-notice';
import { RequestErrorNotifier } from './request-error-notifier';
import { AppThemeProvider } from './theme/app-theme-provider';

export interface AppProvidersProps {
  i18n: i18n;
  queryClient: QueryClient;
  session: SessionEvents;
  /** The service worker's update cycle (the app's; tests of the update tooltip pass their own). */
  updates?: ServiceWorkerUpdates;
  children: ReactNode;
}

/**
 * Everything a page needs around it: translations, theme, data cache, session events, snackbars, the update
 * tooltip. Tests render the same stack.
 */
export function AppProviders({ i18n, queryClient, session, updates, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <AppThemeProvider>
        <AppCrashBoundary>
          <QueryClientProvider client={queryClient}>
            <SessionEventsContext.Provider value={session}>
              <SnackbarProvider>
                <RequestErrorNotifier />
                {updates && <UpdateNotice updates={updates} />}
                <Suspense fallback={<FullPageLoader />}>{children}</Suspense>
              </SnackbarProvider>
            </SessionEventsContext.Provider>
          </QueryClientProvider>
        </AppCrashBoundary>
      </AppThemeProvider>
    </I18nextProvider>
  );
}
