import { screen, waitFor, within } from '@testing-library/react';
import type { DisabledFeature } from '@webmail/contracts';
import { describe, expect, it } from 'vitest';
import { sampleTree } from '../../test/folder.testing';
import { securityApi } from '../../features/security/security.testing';
import { externalContentApi } from '../../features/settings/external-content.testing';
import { buildUserDetails, mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';

function setup(disabledFeatures: DisabledFeature[] = []) {
  signIn(0);
  server.use(
    ...mailApi({ tree: sampleTree(), messages: {}, userDetails: buildUserDetails({ disabledFeatures }) })
      .handlers,
    ...externalContentApi().handlers,
    ...securityApi().handlers,
  );
}

describe('settings layout', () => {
  it('opens the first page from the settings index and lists only the pages that work', async () => {
    setup();
    setViewportWidth(1024);
    const { router } = await renderApp('/u/0/settings');

    await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/settings/account'));
    const nav = await screen.findByRole('navigation', { name: 'Settings' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Account',
      'General',
      'Appearance',
      'Security',
      'Filters',
      'Signatures',
      'Auto-reply',
      'Folders',
      'Contacts',
    ]);
    await waitFor(() => expect(links[0]).toHaveAttribute('aria-current', 'page'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    // The Inbox's unread count stays in front of every page's title.
    await waitFor(() => expect(document.title).toBe('(3) Account - Webmail'));
  });

  it('puts back to inbox in place of the primary button, and the settings list in place of the folders', async () => {
    setup();
    setViewportWidth(1024);
    const { user, router } = await renderApp('/u/0/settings/folders');

    const back = await screen.findByRole('link', { name: 'Back to inbox' });
    expect(screen.queryByRole('navigation', { name: 'Folders' })).not.toBeInTheDocument();
    await user.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/id-inbox'));
    expect(await screen.findByRole('navigation', { name: 'Folders' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to inbox' })).not.toBeInTheDocument();
  });

  it('marks a page the plan leaves out', async () => {
    setup(['folders']);
    setViewportWidth(1024);
    await renderApp('/u/0/settings/folders');

    const nav = await screen.findByRole('navigation', { name: 'Settings' });
    const entry = await within(nav).findByRole('link', { name: /Folders/ });
    expect(within(entry).getByText('Upgrade')).toBeInTheDocument();
    // The page says why and leads to the Upgrade page.
    expect(await screen.findByText('This feature is not included in your plan.')).toBeInTheDocument();
    expect(
      screen.getByRole('link', {
        name: 'Folder management: not included in your plan – see upgrade options',
      }),
    ).toHaveAttribute('href', '/u/0/settings/upgrade');
  });

  it('says a settings address of no page is not there, without reading it as a folder', async () => {
    setup(['signatures']);
    setViewportWidth(1024);
    const requested: string[] = [];
    const listen = ({ request }: { request: Request }) => requested.push(new URL(request.url).pathname);
    server.events.on('request:start', listen);
    try {
      for (const path of [
        '/u/0/settings/security/totp',
        '/u/0/settings/contacts/import',
        '/u/0/settings/filters/edit',
        '/u/0/settings/account/a/b/c',
      ]) {
        const { router, unmount } = await renderApp(path);
        expect(await screen.findByText(/not available in this version/)).toBeInTheDocument();
        expect(router.state.location.pathname).toBe(path);
        unmount();
      }
      // A gated feature the plan leaves out shows the upgrade information instead.
      const { router } = await renderApp('/u/0/settings/signatures/edit');
      expect(await screen.findByText('This feature is not included in your plan.')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/u/0/settings/signatures/edit');
      expect(requested.filter((p) => p.startsWith('/api/u/0/mailbox/settings'))).toEqual([]);
    } finally {
      server.events.removeListener('request:start', listen);
    }
  });

  it('is reached from the one gear in the app bar: quick settings, then All settings', async () => {
    setup();
    const { user } = await renderApp('/u/0/id-inbox');

    const banner = await screen.findByRole('banner');
    // One gear only: the quick settings' (no second settings link beside it).
    expect(within(banner).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'Quick settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Quick settings' });
    expect(within(drawer).getByRole('link', { name: 'All settings' })).toHaveAttribute(
      'href',
      '/u/0/settings',
    );
  });

  describe('on small screens', () => {
    it('shows the settings list as the page, with the personal info block and chevrons', async () => {
      setup();
      const { router } = await renderApp('/u/0/settings');

      const nav = await screen.findByRole('navigation', { name: 'Settings' });
      expect(within(nav).getByRole('link', { name: 'Folders' })).toHaveAttribute(
        'href',
        '/u/0/settings/folders',
      );
      expect(within(nav).getAllByTestId('ChevronRightIcon')).toHaveLength(9);
      expect(await screen.findByText('alice@example.test')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/u/0/settings');
      expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('(3) Settings - Webmail'));
    });

    it('shows a back arrow and the page title in the app bar on a settings page', async () => {
      setup();
      const { user, router } = await renderApp('/u/0/settings/folders');

      const banner = await screen.findByRole('banner');
      expect(within(banner).getByRole('heading', { level: 1, name: 'Folders' })).toBeInTheDocument();
      expect(within(banner).queryByRole('link', { name: 'Webmail home' })).not.toBeInTheDocument();
      await user.click(within(banner).getByRole('link', { name: 'Back to settings' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/settings'));
    });
  });
});
