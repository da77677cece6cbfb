import { screen, waitFor, within } from '@testing-library/react';
import { defaultUserConfig, type UserConfig } from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleTree } from '../../test/folder.testing';
import { mailApi, requestLog, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { installFakeEventSource } from '../events/event-source.testing';

/** The configuration store over one in-memory user; `failPatch` answers every PATCH with a 500. */
function setup(config: UserConfig = defaultUserConfig, failPatch = false) {
  signIn(0);
  setViewportWidth(1024);
  const state = { config, acceptLanguage: [] as (string | null)[] };
  const { requests, record } = requestLog();
  server.use(
    http.get('/api/u/:userIndex/config', () => HttpResponse.json(state.config)),
    http.patch('/api/u/:userIndex/config', async ({ request }) => {
      await record(request);
      state.acceptLanguage.push(request.headers.get('accept-language'));
      if (failPatch) return HttpResponse.json({ code: 'Internal', message: 'Boom' }, { status: 500 });
      state.config = { ...state.config, ...((await request.json()) as UserConfig) };
      return HttpResponse.json(state.config);
    }),
    ...mailApi({ tree: sampleTree(), messages: {} }).handlers,
  );
  return { requests, state };
}

async function chooseLanguage(
  user: Awaited<ReturnType<typeof renderApp>>['user'],
  label: string,
  name: string,
) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name }));
}

describe('interface language (settings/general)', () => {
  it('applies the chosen language at once, stores it with the account and sends it as Accept-Language', async () => {
    const { requests, state } = setup();
    const { user } = await renderApp('/u/0/settings/general');

    await chooseLanguage(user, 'Language', 'Eesti');
    expect(await screen.findByRole('combobox', { name: 'Keel' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('et');
    await waitFor(() => expect(requests.map((r) => r.body)).toEqual([{ language: 'et' }]));
    expect(window.localStorage.getItem('webmail.language')).toBe('et');
    // The save itself already goes out in the new language.
    expect(state.acceptLanguage).toEqual(['et']);
  });

  it('puts the previous language back with a notice when the save fails', async () => {
    const { requests } = setup(defaultUserConfig, true);
    const { user } = await renderApp('/u/0/settings/general');

    await chooseLanguage(user, 'Language', 'Suomi');
    expect(
      await screen.findByText('The language could not be saved, so the previous one is back. Try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveTextContent('English');
    expect(document.documentElement.lang).toBe('en');
    expect(requests).toHaveLength(1);
  });

  it('follows a language chosen in another tab while this one was connecting its live events', async () => {
    const { state } = setup();
    const sources = installFakeEventSource();
    await renderApp('/u/0/settings/general');
    expect(await screen.findByRole('combobox', { name: 'Language' })).toHaveTextContent('English');
    await waitFor(() => expect(sources.all).toHaveLength(1));

    // Saved elsewhere after this tab read its config, before its stream was registered: no event for it.
    state.config = { ...state.config, language: 'et' };
    sources.latest().open();
    sources.latest().send({ command: 'connected' }, 7);
    expect(await screen.findByRole('combobox', { name: 'Keel' })).toHaveTextContent('Eesti');
  });

  it('applies the language stored with the account when the user’s pages open', async () => {
    setup({ ...defaultUserConfig, language: 'ru' });
    await renderApp('/u/0/settings/general');
    expect(await screen.findByRole('combobox', { name: 'Язык' })).toHaveTextContent('Русский');
    await waitFor(() => expect(document.documentElement.lang).toBe('ru'));
  });
});

describe('swipe actions (settings/general)', () => {
  it('stores what a swipe to each side does with the account, and says so when it cannot', async () => {
    const { requests, state } = setup();
    const { user } = await renderApp('/u/0/settings/general');
    expect(await screen.findByRole('combobox', { name: 'Swipe left' })).toHaveTextContent('Delete');
    expect(screen.getByRole('combobox', { name: 'Swipe right' })).toHaveTextContent('Archive');

    await chooseLanguage(user, 'Swipe left', 'Mark as read or unread');
    await waitFor(() => expect(state.config.swipe).toEqual({ left: 'read', right: 'archive' }));
    expect(requests.map((r) => r.body)).toEqual([{ swipe: { left: 'read', right: 'archive' } }]);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Swipe left' })).toHaveTextContent(
        'Mark as read or unread',
      ),
    );
  });

  it('keeps the stored choice shown when the save fails', async () => {
    setup(defaultUserConfig, true);
    const { user } = await renderApp('/u/0/settings/general');
    await chooseLanguage(user, 'Swipe right', 'Nothing');
    expect(await screen.findByText('The swipe actions could not be saved. Try again.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Swipe right' })).toHaveTextContent('Archive');
  });
});
