import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  defaultUserConfig,
  type UserConfig,
  type UserDetails,
  type UserDetailsPatch,
} from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { sampleTree } from '../../test/folder.testing';
import { buildUserDetails, mailApi, requestLog, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';

/** The details and configuration of one in-memory user; `failPatch` answers every PATCH with a 500. */
function setup(options: { config?: UserConfig; details?: UserDetails; failPatch?: boolean } = {}) {
  signIn(0);
  setViewportWidth(1024);
  const state = {
    config: options.config ?? defaultUserConfig,
    details: options.details ?? buildUserDetails({ timezone: 'Europe/Helsinki' }),
  };
  const { requests, record } = requestLog();
  const fail = () => HttpResponse.json({ code: 'Internal', message: 'Boom' }, { status: 500 });
  server.use(
    http.get('/api/u/:userIndex/config', () => HttpResponse.json(state.config)),
    http.get('/api/u/:userIndex/details', () => HttpResponse.json(state.details)),
    http.patch('/api/u/:userIndex/config', async ({ request }) => {
      await record(request);
      if (options.failPatch) return fail();
      state.config = { ...state.config, ...((await request.json()) as Partial<UserConfig>) };
      return HttpResponse.json(state.config);
    }),
    http.patch('/api/u/:userIndex/details', async ({ request }) => {
      await record(request);
      if (options.failPatch) return fail();
      const { ui, displayDensity, view_mode, timezone } = (await request.json()) as UserDetailsPatch;
      state.details = {
        ...state.details,
        view_mode: view_mode ?? state.details.view_mode,
        timezone: timezone ?? state.details.timezone,
        meta: {
          ...state.details.meta,
          ui: ui ?? state.details.meta.ui,
          displayDensity: displayDensity ?? state.details.meta.displayDensity,
        },
      };
      return HttpResponse.json(state.details);
    }),
    ...mailApi({ tree: sampleTree(), messages: {} }).handlers,
  );
  const patches = () => requests.filter((r) => r.method === 'PATCH').map((r) => [r.url.pathname, r.body]);
  return { patches, state };
}

const theme = () => document.documentElement.dataset.theme;

describe('Appearance settings (settings/appearance)', () => {
  it('applies dark mode, colour and density at once and saves them together 1 s after the last change', async () => {
    const { patches, state } = setup();
    await renderApp('/u/0/settings/appearance');

    // Clicked in quick succession (well within the second), as a user trying out looks would.
    fireEvent.click(await screen.findByRole('radio', { name: 'Dark' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Green' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Compact' }));
    // Nothing goes out while the user is still choosing, but the look changes at once.
    expect(patches()).toEqual([]);
    await waitFor(() => expect(theme()).toBe('green-dark'));
    expect(screen.getByRole('radio', { name: 'Compact' })).toBeChecked();

    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()).toEqual(
      expect.arrayContaining([
        ['/api/u/0/config', { darkMode: 'dark' }],
        ['/api/u/0/details', { ui: { color: 'green', theme: 'green-dark' }, displayDensity: 'compact' }],
      ]),
    );
    expect(state.config.darkMode).toBe('dark');
    expect(state.details.meta.ui).toEqual({ color: 'green', theme: 'green-dark' });
  });

  it('keeps a waiting change when the settings are read again before it is saved (a live event, a remount)', async () => {
    const { state } = setup();
    const { queryClient } = await renderApp('/u/0/settings/appearance');

    fireEvent.click(await screen.findByRole('radio', { name: 'Dark' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Green' }));
    // The server still holds the old look while the change waits for its second.
    await act(async () => {
      await queryClient.refetchQueries({ queryKey: ['settings'] });
      await new Promise((resolve) => setTimeout(resolve, 20)); // the cache's batched notifications render
    });
    expect(state.config.darkMode).toBe('system');
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Green' })).toBeChecked();
    expect(theme()).toBe('green-dark');

    await waitFor(() => expect(state.config.darkMode).toBe('dark'));
    expect(state.details.meta.ui).toEqual({ color: 'green', theme: 'green-dark' });
  });

  it('keeps a saved change when a read that started before the save answers after it (the server’s older value)', async () => {
    const { state } = setup();
    const { queryClient } = await renderApp('/u/0/settings/appearance');
    fireEvent.click(await screen.findByRole('radio', { name: 'Dark' }));
    // The next read of the configuration is answered with what the server held when it was asked, but only
    // once the test lets it go.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(
        '/api/u/:userIndex/config',
        async () => {
          const asked = state.config;
          await held;
          return HttpResponse.json(asked);
        },
        { once: true },
      ),
    );
    await act(async () => {
      void queryClient.refetchQueries({ queryKey: ['settings'] });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    await waitFor(() => expect(state.config.darkMode).toBe('dark'));
    await act(async () => {
      release();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(theme()).toMatch(/dark$/);
  });

  it('sends a waiting change at once when the page goes away, on a request that outlives the page', async () => {
    const { patches } = setup();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await renderApp('/u/0/settings/appearance');

    fireEvent.click(await screen.findByRole('radio', { name: 'Compact' }));
    expect(patches()).toEqual([]);
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(patches()).toEqual([['/api/u/0/details', { displayDensity: 'compact' }]]));
    const patchCall = fetchSpy.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(patchCall?.[1]?.keepalive).toBe(true);
    fetchSpy.mockRestore();
  });

  it('puts the previous look back with a notice when the save fails', async () => {
    const { patches } = setup({ failPatch: true });
    await renderApp('/u/0/settings/appearance');

    fireEvent.click(await screen.findByRole('radio', { name: 'Red' }));
    fireEvent.click(screen.getByRole('radio', { name: 'In place of the list (2 panels)' }));
    await waitFor(() => expect(theme()).toBe('red'));

    expect(
      await screen.findByText('The setting could not be saved, so the previous one is back. Try again.'),
    ).toBeInTheDocument();
    expect(patches()).toEqual([
      ['/api/u/0/details', { ui: { color: 'red', theme: 'red' }, view_mode: '2-panel' }],
    ]);
    expect(theme()).toBe('blue');
    expect(screen.getByRole('radio', { name: 'Blue' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Beside the list (3 panels)' })).toBeChecked();
  });

  it('draws the app with the stored appearance as soon as it is read (another browser, another tab)', async () => {
    setup({
      config: { ...defaultUserConfig, darkMode: 'dark', listMode: 'conversations' },
      details: buildUserDetails({
        meta: { ...buildUserDetails().meta, ui: { color: 'gray', theme: 'gray-dark' } },
      }),
    });
    await renderApp('/u/0/settings/appearance');
    await waitFor(() => expect(theme()).toBe('gray-dark'));
    expect(await screen.findByRole('radio', { name: 'Conversations' })).toBeChecked();
    expect(window.localStorage.getItem('webmail.appearance')).toBe('{"color":"gray","darkMode":"dark"}');
  });
});

describe('Quick settings drawer (the cog in the app bar)', () => {
  it('opens a labelled drawer whose choices apply at once and are saved like the Appearance page', async () => {
    const { patches, state } = setup();
    const { user } = await renderApp('/u/0/id-inbox');

    const cog = await screen.findByRole('button', { name: 'Quick settings' });
    expect(cog).toHaveAttribute('aria-expanded', 'false');
    await user.click(cog);
    const drawer = await screen.findByRole('dialog', { name: 'Quick settings' });
    expect(cog).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByRole('radiogroup', { name: 'Reading pane' })).toBeInTheDocument();
    expect(within(drawer).getByRole('radiogroup', { name: 'Inbox type' })).toBeInTheDocument();

    fireEvent.click(await within(drawer).findByRole('radio', { name: 'Dark' }));
    fireEvent.click(within(drawer).getByRole('radio', { name: 'Compact' }));
    await waitFor(() => expect(theme()).toBe('blue-dark'));
    expect(patches()).toEqual([]);
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(state.config.darkMode).toBe('dark');
    expect(state.details.meta.displayDensity).toBe('compact');

    // Escape closes it and gives the focus back to the cog.
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Quick settings' })).not.toBeInTheDocument(),
    );
    expect(cog).toHaveFocus();
  });

  it('puts the previous look back with a notice when the save fails', async () => {
    setup({ failPatch: true });
    const { user } = await renderApp('/u/0/id-inbox');
    await user.click(await screen.findByRole('button', { name: 'Quick settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Quick settings' });
    fireEvent.click(await within(drawer).findByRole('radio', { name: 'Red' }));
    await waitFor(() => expect(theme()).toBe('red'));
    expect(
      await screen.findByText('The setting could not be saved, so the previous one is back. Try again.'),
    ).toBeInTheDocument();
    expect(theme()).toBe('blue');
  });

  it('links to all settings and closes on the way', async () => {
    setup();
    const { router, user } = await renderApp('/u/0/id-inbox');
    await user.click(await screen.findByRole('button', { name: 'Quick settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Quick settings' });
    await user.click(within(drawer).getByRole('link', { name: 'All settings' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/u\/0\/settings/));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Quick settings' })).not.toBeInTheDocument(),
    );
  });
});

describe('General settings (settings/general)', () => {
  it('stores the time zone chosen from the searchable list, the after-move choice and the shortcuts', async () => {
    const { state } = setup();
    const { user } = await renderApp('/u/0/settings/general');

    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect((zone as HTMLInputElement).value).toMatch(/^Europe\/Helsinki \(UTC\+0[23]:00\)$/);
    await user.clear(zone);
    await user.type(zone, 'Tokyo');
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: /Asia\/Tokyo/ }));
    await user.click(screen.getByRole('radio', { name: 'Open the next message' }));
    await user.click(screen.getByRole('switch', { name: 'Keyboard shortcuts' }));

    await waitFor(() => expect(state.config).toMatchObject({ afterRemove: 'next', shortcuts: false }));
    await waitFor(() => expect(state.details.timezone).toBe('Asia/Tokyo'));
    expect(screen.getByRole('switch', { name: 'Keyboard shortcuts' })).not.toBeChecked();
  });

  it('stores the browser time zone once while the details say it never was', async () => {
    const { patches } = setup({
      details: buildUserDetails({
        timezone: null,
        meta: { ...buildUserDetails().meta, browserTimezoneSet: false },
      }),
    });
    await renderApp('/u/0/settings/general');
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await waitFor(() => expect(patches()).toEqual([['/api/u/0/details', { timezone: browserZone }]]));
  });
});
