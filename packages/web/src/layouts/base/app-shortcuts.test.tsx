import { screen, waitFor, within } from '@testing-library/react';
import { defaultUserConfig, type UserConfig } from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleTree } from '../../test/folder.testing';
import { buildMessageSummaries } from '../../features/messages/message.testing';
import { searchApi } from '../../features/search/search.testing';
import { shortcutsEnabled, shortcutTable } from '../../shared/ui/keyboard-shortcuts';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';

function setup(config: UserConfig = defaultUserConfig) {
  setViewportWidth(1280);
  signIn(0);
  const state = { config, tree: sampleTree(), messages: { 'id-inbox': buildMessageSummaries(3) } };
  const api = mailApi(state);
  server.use(
    ...api.handlers,
    ...searchApi({ results: { 'is:starred': [] } }).handlers,
    http.get('/api/u/:userIndex/signatures', () => HttpResponse.json({ signatures: [] })),
  );
  return { api, state };
}

async function openInbox() {
  const app = await renderApp('/u/0/id-inbox');
  await screen.findByRole('list', { name: 'Messages in Inbox' });
  await waitFor(() => expect(document.title).toMatch(/(^|\) )Inbox - Webmail$/));
  return app;
}

describe('the shell', () => {
  it('opens the help sheet on ?, listing every shortcut of the table', async () => {
    setup();
    const { user } = await openInbox();
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const entry of shortcutTable) {
      expect(sheet.querySelector(`[data-shortcut="${entry.id}"]`)).not.toBeNull();
    }
    expect(within(sheet).getByText('Go to Inbox')).toBeInTheDocument();
    expect(within(sheet).getByText('Write a new message')).toBeInTheDocument();
    // A capital letter's key is shown as Shift + the letter, the Shift key named by the catalogue.
    expect(sheet.querySelector('[data-shortcut="markRead"]')?.previousElementSibling).toHaveTextContent(
      'Shift+i',
    );
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('composes on c, goes to the starred messages on g s and back to the Inbox on g i', async () => {
    setup();
    const { user, router } = await openInbox();
    await user.keyboard('c');
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/compose'));
    await waitFor(() => expect(document.title).toMatch(/(^|\) )New message - Webmail$/));
    await user.keyboard('{Escape}');
    await router.navigate('/u/0/id-inbox');
    await screen.findByRole('list', { name: 'Messages in Inbox' });
    await user.keyboard('gs');
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/search'));
    expect(router.state.location.search).toBe('?search=is%3Astarred');
    await user.keyboard('gi');
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/id-inbox'));
  });

  it('types into the search box instead of running shortcuts', async () => {
    setup();
    const { user, router } = await openInbox();
    await user.keyboard('/');
    const search = screen.getByRole('combobox', { name: 'Search mail' });
    await waitFor(() => expect(search).toHaveFocus());
    await user.keyboard('c?gi');
    expect(search).toHaveValue('c?gi');
    expect(router.state.location.pathname).toBe('/u/0/id-inbox');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
  });

  it('runs none while shortcuts are off in General settings', async () => {
    setup({ ...defaultUserConfig, shortcuts: false });
    const { user, router } = await openInbox();
    await waitFor(() => expect(shortcutsEnabled()).toBe(false));
    await user.keyboard('?c');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/u/0/id-inbox');
  });

  it('draws the sidebar at the stored width and saves a width moved with the keys', async () => {
    const { api, state } = setup({ ...defaultUserConfig, panelSizes: { sidePanel: 400 } });
    const { user } = await openInbox();
    const edge = await screen.findByRole('separator', { name: 'Resize the sidebar' });
    await waitFor(() => expect(edge).toHaveAttribute('aria-valuenow', '400'));
    edge.focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(edge).toHaveAttribute('aria-valuenow', '368');
    await waitFor(() => expect(state.config.panelSizes).toEqual({ sidePanel: 368 }), { timeout: 4000 });
    // Debounced: the two key presses are one save.
    expect(api.requests.filter((request) => request.method === 'PATCH')).toHaveLength(1);
    await user.dblClick(edge);
    expect(edge).toHaveAttribute('aria-valuenow', '256');
    await waitFor(() => expect(state.config.panelSizes).toEqual({ sidePanel: 256 }), { timeout: 4000 });
  });
});
