import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { onTestFinished } from 'vitest';
import userEvent from '@testing-library/user-event';
import type { Language } from '@webmail/contracts';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { AppProviders } from '../app/app-providers';
import { AppRouterProvider } from '../app/app-router-provider';
import { bindLanguage } from '../app/i18n/app-i18n';
import { createMutationCache } from '../app/query-client';
import { routes } from '../app/router';
import { connectSession } from '../app/session/connect-session';
import { createTestI18n } from './test-i18n';

export interface RenderOptions {
  language?: Language;
  /** Puts answers into the cache before the first render, as the device's offline copy does at start. */
  seedCache?: (queryClient: QueryClient) => void;
}

function testQueryClient() {
  return new QueryClient({
    mutationCache: createMutationCache(),
    defaultOptions: {
      queries: { retry: false, gcTime: Infinity },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** Renders a route table (the app's, or a test's own) with the app's providers and session handling. */
export async function renderRoutes(routeTable: RouteObject[], path: string, options: RenderOptions) {
  const i18n = await createTestI18n(options.language ?? 'en');
  bindLanguage(i18n);
  const queryClient = testQueryClient();
  options.seedCache?.(queryClient);
  const router = createMemoryRouter(routeTable, { initialEntries: [path] });
  const session = connectSession(router, queryClient);
  onTestFinished(() => session.dispose());
  const user = userEvent.setup();
  const result = render(
    <AppProviders i18n={i18n} queryClient={queryClient} session={session}>
      <AppRouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient, i18n, user, session };
}

/** Renders the whole app (real route table, providers and API client) at a path. */
export function renderApp(path: string, options: RenderOptions = {}) {
  return renderRoutes(routes, path, options);
}

/** Renders one component inside the app's providers and a router (for links), at a path. */
export function renderWithProviders(ui: ReactElement, path = '/', options: RenderOptions = {}) {
  return renderRoutes([{ path: '*', element: ui }], path, options);
}
