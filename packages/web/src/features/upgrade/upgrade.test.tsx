import { screen, waitFor, within } from '@testing-library/react';
import type { DisabledFeature } from '@webmail/contracts';
import { describe, expect, it } from 'vitest';
import { sampleTree } from '../../test/folder.testing';
import { buildUserDetails, mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { upgradeApi } from './upgrade.testing';

function setup(features: DisabledFeature[], upgradeUrl: string | null) {
  signIn(0);
  server.use(
    ...mailApi({
      tree: sampleTree(),
      messages: {},
      userDetails: buildUserDetails({ disabledFeatures: features }),
    }).handlers,
    ...upgradeApi({ features, upgradeUrl }).handlers,
  );
}

describe('upgrade and gated features', () => {
  it('shows the upgrade button and labels on gated controls, and the Upgrade page explains each feature', async () => {
    setup(['folders', 'contacts'], 'https://example.test/upgrade');
    setViewportWidth(1024);
    const { user, router } = await renderApp('/u/0/id-inbox');

    const footer = await screen.findByRole('contentinfo', { name: 'About this app' });
    expect(within(footer).getByText(/^Powered by Webmail · v\d+\.\d+\.\d+/)).toBeInTheDocument();
    // Folder management and contacts say they are not in the plan instead of disappearing.
    expect(
      await screen.findByRole('link', {
        name: 'Folder management: not included in your plan – see upgrade options',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Contacts: not included in your plan – see upgrade options' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New folder' })).not.toBeInTheDocument();

    await user.click(within(footer).getByRole('link', { name: 'Upgrade' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/settings/upgrade'));
    expect(await screen.findByRole('heading', { name: 'Upgrade', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Features not in your plan' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Folder management.*own folders/),
      expect.stringMatching(/^Contacts.*Address books/),
    ]);
    const go = screen.getByRole('link', { name: 'See upgrade options' });
    expect(go).toHaveAttribute('href', 'https://example.test/upgrade');
    expect(go).toHaveAttribute('target', '_blank');
  });

  it('has no upgrade link anywhere when the plan lacks nothing', async () => {
    setup([], null);
    setViewportWidth(1024);
    await renderApp('/u/0/id-inbox');
    const footer = await screen.findByRole('contentinfo', { name: 'About this app' });
    expect(await screen.findByRole('button', { name: 'New folder' })).toBeInTheDocument();
    expect(within(footer).queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /see upgrade options/ })).not.toBeInTheDocument();
  });

  it('says so on the Upgrade page when nothing is missing, and links nowhere without an upgrade address', async () => {
    setup([], null);
    setViewportWidth(1024);
    await renderApp('/u/0/settings/upgrade');
    expect(await screen.findByText('Your plan includes every feature.')).toBeInTheDocument();

    setup(['signatures'], null);
    await renderApp('/u/0/settings/upgrade');
    expect(
      await screen.findByText('Ask your service provider how to add them to your plan.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'See upgrade options' })).not.toBeInTheDocument();
  });
});
