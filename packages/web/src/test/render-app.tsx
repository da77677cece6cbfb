import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Language } from '@webmail/contracts';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/app-providers';
import { bindLanguage } from '../app/i18n/app-i18n';
import { routes } from '../app/router';
import { redirectOnUnauthorized } from '../app/unauthorized-redirect';
import { createTestI18n } from './test-i18n';

export interface RenderOptions {
  language?: Language;
}

function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

async function renderRoutes(routeTable: RouteObject[], path: string, options: RenderOptions) {
  const i18n = await createTestI18n(options.language ?? 'en');
  bindLanguage(i18n);
  const queryClient = testQueryClient();
  const router = createMemoryRouter(routeTable, { initialEntries: [path] });
  redirectOnUnauthorized(router, queryClient);
  const user = userEvent.setup();
  const result = render(
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient, i18n, user };
}

/** Renders the whole app (real route table, providers and API client) at a path. */
export function renderApp(path: string, options: RenderOptions = {}) {
  return renderRoutes(routes, path, options);
}

/** Renders one component inside the app's providers and a router (for links), at a path. */
export function renderWithProviders(ui: ReactElement, path = '/', options: RenderOptions = {}) {
  return renderRoutes([{ path: '*', element: ui }], path, options);
}
