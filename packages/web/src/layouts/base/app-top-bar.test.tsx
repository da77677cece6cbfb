import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleTree } from '../../test/folder.testing';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp, renderWithProviders } from '../../test/render-app';
import { AppTopBar } from './app-top-bar';

describe('logo', () => {
  it("links to the current user's base layout", async () => {
    signIn(1);
    server.use(...mailApi({ tree: sampleTree(), messages: {} }).handlers);
    await renderApp('/u/1/id-inbox');

    expect(await screen.findByRole('link', { name: 'Webmail home' })).toHaveAttribute('href', '/u/1');
  });

  it('closes the mobile sidebar when clicked', async () => {
    signIn(0);
    server.use(...mailApi({ tree: sampleTree(), messages: {} }).handlers);
    const { user } = await renderApp('/u/0/id-inbox');

    await user.click(await screen.findByRole('button', { name: 'Open folders' }));
    const drawerLogo = (await screen.findAllByRole('link', { name: 'Webmail home' })).at(-1)!;
    await user.click(drawerLogo);

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Open folders' })).toHaveAttribute('aria-expanded', 'false'),
    );
  });

  it('is no link without an active session', async () => {
    await renderWithProviders(
      <AppTopBar
        homeHref={null}
        onOpenSidebar={() => {}}
        sidebarOpen={false}
        sidebarId="s"
        onLogoClick={() => {}}
        account={null}
      />,
    );

    expect(screen.getByText('Webmail')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('search on a phone', () => {
  it('folds to a button that opens the search across the whole bar, and back', async () => {
    signIn(0);
    server.use(...mailApi({ tree: sampleTree(), messages: {} }).handlers);
    setViewportWidth(360);
    const { user } = await renderApp('/u/0/id-inbox');

    const banner = (await screen.findByRole('button', { name: 'Open folders' }, { timeout: 10_000 })).closest(
      'header',
    )!;
    await user.click(await within(banner).findByRole('button', { name: 'Search mail' }));
    const field = within(banner).getByRole('combobox', { name: 'Search mail' });
    expect(field).toHaveFocus();
    // The whole bar is the search: no gear, no avatar beside it.
    expect(within(banner).queryByRole('button', { name: 'Quick settings' })).not.toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'Close search' }));
    expect(within(banner).getByRole('button', { name: 'Quick settings' })).toBeInTheDocument();
    expect(within(banner).queryByRole('combobox', { name: 'Search mail' })).not.toBeInTheDocument();
  });
});
