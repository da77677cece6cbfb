import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { SessionEventsContext, type SessionEvents } from '../shared/session/session-events';
import { SnackbarProvider } from '../shared/snackbar/snackbar-provider';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import { AppCrashBoundary } from './app-error-page';
import { RequestErrorNotifier } from './request-error-notifier';
import { AppThemeProvider } from './theme/app-theme-provider';

export interface AppProvidersProps {
  i18n: i18n;
  queryClient: QueryClient;
  session: SessionEvents;
  children: ReactNode;
}

/** Everything a page needs around it: translations, theme, data cache, session events, snackbars. Tests render the same stack. */
export function AppProviders({ i18n, queryClient, session, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <AppThemeProvider>
        <AppCrashBoundary>
          <QueryClientProvider client={queryClient}>
            <SessionEventsContext.Provider value={session}>
              <SnackbarProvider>
                <RequestErrorNotifier />
                <Suspense fallback={<FullPageLoader />}>{children}</Suspense>
              </SnackbarProvider>
            </SessionEventsContext.Provider>
          </QueryClientProvider>
        </AppCrashBoundary>
      </AppThemeProvider>
    </I18nextProvider>
  );
}
