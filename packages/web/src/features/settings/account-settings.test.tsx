import { screen, waitFor, within } from '@testing-library/react';
import type { ApiError, UserDetails, UserDetailsPatch } from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleTree } from '../../test/folder.testing';
import { buildUserDetails, mailApi, requestLog, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';

/** The details routes over one in-memory user; `failNext` answers the next PATCH with an error instead. */
function setup(failNext?: { status: number; body: ApiError }) {
  signIn(0);
  setViewportWidth(1024);
  const state: { details: UserDetails; failNext?: typeof failNext } = {
    details: buildUserDetails({ quota: { used: 5 * 1024 ** 2, allowed: 100 * 1024 ** 2 } }),
    failNext,
  };
  const { requests, record } = requestLog();
  server.use(
    http.get('/api/u/:userIndex/details', () => HttpResponse.json(state.details)),
    http.patch('/api/u/:userIndex/details', async ({ request }) => {
      await record(request);
      const fail = state.failNext;
      state.failNext = undefined;
      if (fail) return HttpResponse.json(fail.body, { status: fail.status });
      const patch = (await request.json()) as UserDetailsPatch;
      state.details = { ...state.details, name: patch.name ?? state.details.name };
      return HttpResponse.json(state.details);
    }),
    ...mailApi({ tree: sampleTree(), messages: {} }).handlers,
  );
  return { requests, state };
}

describe('account settings (settings/account)', () => {
  it('is the first entry of the settings list and shows the name, the address and the storage', async () => {
    setup();
    await renderApp('/u/0/settings/account');

    const nav = await screen.findByRole('navigation', { name: 'Settings' });
    const links = within(nav).getAllByRole('link');
    expect(links[0]).toHaveTextContent('Account');
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Alice Example');
    expect(screen.getByText('alice@example.test')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Storage usage' })).toHaveAttribute('aria-valuenow', '5');
  });

  it('refuses 1 and 31 characters with the messages of the spec, and saves 2 and 30', async () => {
    const { requests } = setup();
    const { user } = await renderApp('/u/0/settings/account');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    const save = screen.getByRole('button', { name: 'Save' });

    await user.clear(name);
    await user.type(name, 'A');
    await user.click(save);
    expect(await screen.findByText('The name must be at least 2 characters')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'B'.repeat(31));
    await user.click(save);
    expect(await screen.findByText('The name can be at most 30 characters')).toBeInTheDocument();
    expect(requests).toEqual([]);

    await user.clear(name);
    await user.type(name, 'Al');
    await user.click(save);
    expect(await screen.findByText('Name saved')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'C'.repeat(30));
    await user.click(save);
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests.map((r) => r.body)).toEqual([{ name: 'Al' }, { name: 'C'.repeat(30) }]);
  });

  it('shows the server’s field error and keeps the typed name', async () => {
    setup({
      status: 422,
      body: {
        code: 'ValidationError',
        message: 'The display name can be at most 30 characters',
        errors: { name: ['The display name can be at most 30 characters'] },
        fieldErrors: { name: [{ code: 'tooLong', params: { max: 30 } }] },
      },
    });
    const { user } = await renderApp('/u/0/settings/account');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Alice Cooper');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too long: the maximum length is 30')).toBeInTheDocument();
    expect(name).toHaveValue('Alice Cooper');
  });

  it('says so when the save fails, keeping the typed name', async () => {
    setup({ status: 500, body: { code: 'Internal', message: 'Boom' } });
    const { user } = await renderApp('/u/0/settings/account');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Alice Cooper');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The name could not be saved. What you wrote is still here; try again.',
    );
    expect(name).toHaveValue('Alice Cooper');
  });
});
