import { screen, waitFor, within } from '@testing-library/react';
import { defaultUserConfig, type UserConfig } from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mailApi, requestLog, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { sampleTree } from '../../test/folder.testing';
import { buildMessageSummary } from './message.testing';

/** The inbox over an in-memory configuration store; list requests are recorded (the mail API answers them). */
function setup(config: UserConfig = defaultUserConfig, failPatch = false) {
  signIn(0);
  setViewportWidth(1024);
  const state = { config };
  const { requests, record } = requestLog();
  const mail = mailApi({ tree: sampleTree(), messages: { 'id-inbox': [buildMessageSummary(3)] } });
  server.use(
    http.get('/api/u/:userIndex/config', () => HttpResponse.json(state.config)),
    http.patch('/api/u/:userIndex/config', async ({ request }) => {
      await record(request);
      if (failPatch) return HttpResponse.json({ code: 'Internal', message: 'Boom' }, { status: 500 });
      state.config = { ...state.config, ...((await request.json()) as Partial<UserConfig>) };
      return HttpResponse.json(state.config);
    }),
    http.get('/api/u/:userIndex/mailbox/:mailboxId/messages', async ({ request }) => {
      await record(request);
    }),
    ...mail.handlers,
  );
  const listOrders = () =>
    requests
      .filter((r) => r.method === 'GET')
      .map((r) => `${r.url.searchParams.get('sort')}-${r.url.searchParams.get('order')}`);
  return { requests, state, listOrders };
}

async function chooseSort(
  user: Awaited<ReturnType<typeof renderApp>>['user'],
  button: RegExp,
  choice: string,
) {
  await user.click(await screen.findByRole('button', { name: button }));
  await user.click(within(screen.getByRole('menu')).getByRole('menuitemradio', { name: choice }));
}

describe('list order', () => {
  it('sorts by the chosen field and order, asks the server for it and remembers it per user', async () => {
    const { requests, state, listOrders } = setup();
    const { user } = await renderApp('/u/0/id-inbox');
    await within(await screen.findByRole('list', { name: 'Messages in Inbox' })).findByRole('listitem');
    expect(listOrders()).toEqual(['date-desc']);

    await chooseSort(user, /Sorted by Date, descending/, 'Size');
    await waitFor(() => expect(listOrders()).toContain('size-desc'));
    await chooseSort(user, /Sorted by Size, descending/, 'ascending');
    await waitFor(() => expect(listOrders()).toContain('size-asc'));
    expect(state.config.listSort).toEqual({ field: 'size', order: 'asc' });
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { listSort: { field: 'size', order: 'desc' } },
      { listSort: { field: 'size', order: 'asc' } },
    ]);
    const sender = await screen.findByRole('button', { name: /Sorted by Size, ascending/ });
    await user.click(sender);
    expect(screen.getByRole('menuitemradio', { name: 'Size' })).toHaveAttribute('aria-checked', 'true');
  });

  it('opens the list in the stored order', async () => {
    const { listOrders } = setup({ ...defaultUserConfig, listSort: { field: 'from', order: 'asc' } });
    await renderApp('/u/0/id-inbox');
    await screen.findByRole('button', { name: /Sorted by Sender, ascending/ });
    await waitFor(() => expect(listOrders()).toContain('from-asc'));
  });

  it('puts the previous order back and says so when the choice cannot be saved', async () => {
    setup(defaultUserConfig, true);
    const { user } = await renderApp('/u/0/id-inbox');
    await chooseSort(user, /Sorted by Date, descending/, 'Subject');
    expect(await screen.findByText('The sort order could not be saved.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Sorted by Date, descending/ })).toBeInTheDocument();
  });
});
