import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Outlet } from 'react-router';
import { renderRoutes, renderWithProviders } from '../../test/render-app';
import { AppCrashBoundary, AppErrorPage } from '../app-error-page';
import { RouteAreaError } from './route-area-error';

const state = { broken: true };
function Flaky() {
  if (state.broken) throw new Error('render failed');
  return <p>Content is back</p>;
}
function Layout() {
  return (
    <div>
      <p>App bar stays</p>
      <Outlet />
    </div>
  );
}

beforeEach(() => {
  state.broken = true;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('render failures', () => {
  it('an area shows an alert with retry inside its layout, and retry renders it again', async () => {
    const { user } = await renderRoutes(
      [
        {
          path: '/',
          ErrorBoundary: AppErrorPage,
          Component: Layout,
          children: [{ ErrorBoundary: RouteAreaError, children: [{ index: true, Component: Flaky }] }],
        },
      ],
      '/',
      {},
    );

    expect(await screen.findByText('This part of the page could not be shown')).toBeInTheDocument();
    expect(screen.getByText(/Something went wrong while displaying it/)).toBeInTheDocument();
    expect(screen.getByText('App bar stays')).toBeInTheDocument();

    state.broken = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Content is back')).toBeInTheDocument();
  });

  it('shows the translated texts', async () => {
    await renderRoutes(
      [
        {
          path: '/',
          children: [{ ErrorBoundary: RouteAreaError, children: [{ index: true, Component: Flaky }] }],
        },
      ],
      '/',
      { language: 'fi' },
    );

    expect(await screen.findByText('Tätä sivun osaa ei voitu näyttää')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yritä uudelleen' })).toBeInTheDocument();
  });

  it('a failure outside every area is the app-level failure page', async () => {
    await renderRoutes([{ path: '/', ErrorBoundary: AppErrorPage, Component: Flaky }], '/', {});

    expect(
      await screen.findByText('There was an error loading Webmail. Please try reloading the page'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('a failure outside the router is caught too', async () => {
    await renderWithProviders(
      <AppCrashBoundary>
        <Flaky />
      </AppCrashBoundary>,
    );

    expect(
      await screen.findByText('There was an error loading Webmail. Please try reloading the page'),
    ).toBeInTheDocument();
  });
});
