import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveCompose } from '../../features/compose/compose.testing';
import { setViewportWidth } from '../../test/media-query';
import { renderApp } from '../../test/render-app';

describe('sidebar compose button', () => {
  it('opens the composer, which comes back to the folder after closing', async () => {
    serveCompose();
    setViewportWidth(1024);
    const { user, router } = await renderApp('/u/0/id-sent');
    await user.click(await screen.findByRole('link', { name: 'Compose' }));
    expect(await screen.findByRole('region', { name: 'New message' })).toBeInTheDocument();
    expect(router.state.location.pathname).toMatch(/^\/u\/0\/compose\/[0-9a-f-]{36}$/);

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/id-sent'));
  });

  it('is the back-to-inbox button in settings', async () => {
    serveCompose();
    setViewportWidth(1024);
    await renderApp('/u/0/settings/folders');
    expect(await screen.findByRole('link', { name: 'Back to inbox' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Compose' })).not.toBeInTheDocument();
  });

  it('floats over the list on phones, where the sidebar is a drawer, and not over the composer or a conversation', async () => {
    serveCompose();
    setViewportWidth(360);
    const { user, router } = await renderApp('/u/0/id-sent');
    // The drawer is closed: the only Compose in reach is the floating one.
    await user.click(await screen.findByRole('link', { name: 'Compose' }));
    expect(await screen.findByRole('region', { name: 'New message' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Compose' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/id-sent'));
    expect(await screen.findByRole('link', { name: 'Compose' })).toBeInTheDocument();
  });
});
