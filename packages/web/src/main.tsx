import './app/theme/fonts.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/app-providers';
import { initAppI18n } from './app/i18n/app-i18n';
import { connectConnectivity } from './app/offline/connect-connectivity';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { connectSession } from './app/session/connect-session';

async function start() {
  const i18n = await initAppI18n();
  const queryClient = createQueryClient();
  connectConnectivity();
  const router = createAppRouter();
  const session = connectSession(router, queryClient);

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders i18n={i18n} queryClient={queryClient} session={session}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
