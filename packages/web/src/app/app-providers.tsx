import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { SnackbarProvider } from '../shared/snackbar/snackbar-provider';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import { RequestErrorNotifier } from './request-error-notifier';
import { AppThemeProvider } from './theme/app-theme-provider';

export interface AppProvidersProps {
  i18n: i18n;
  queryClient: QueryClient;
  children: ReactNode;
}

/** Everything a page needs around it: translations, theme, data cache, snackbars. Tests render the same stack. */
export function AppProviders({ i18n, queryClient, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <AppThemeProvider>
        <QueryClientProvider client={queryClient}>
          <SnackbarProvider>
            <RequestErrorNotifier />
            <Suspense fallback={<FullPageLoader />}>{children}</Suspense>
          </SnackbarProvider>
        </QueryClientProvider>
      </AppThemeProvider>
    </I18nextProvider>
  );
}
