import { screen, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { mailApi, signIn } from '../test/api-handlers.testing';
import { buildSystemFolder } from '../test/folder.testing';
import { setViewportWidth } from '../test/media-query';
import { server } from '../test/msw-server';
import { renderApp } from '../test/render-app';
import { buildGroup } from '../features/contacts/contacts.testing';

/** A view drawn from one query: where it is, what it reads, what it shows once the read succeeds. */
interface QueryViewCase {
  view: string;
  path: string;
  endpoint: string;
  answer: JsonBodyType;
  shows: string | RegExp;
}

const views: QueryViewCase[] = [
  {
    view: 'address books',
    path: '/u/0/settings/contacts/addressbooks',
    endpoint: '/api/u/:userIndex/contacts/addressbooks',
    answer: { addressBooks: [{ id: 'b2', name: 'Kuoro', isDefault: false, count: 0 }] },
    shows: 'Kuoro',
  },
  {
    view: 'groups',
    path: '/u/0/settings/contacts/groups',
    endpoint: '/api/u/:userIndex/contacts/groups',
    answer: { groups: [buildGroup({ name: 'Sulkapallo' })], total: 1, offset: 0, limit: 500 },
    shows: 'Sulkapallo',
  },
  {
    view: 'outgoing addresses',
    path: '/u/0/settings/account/addresses',
    endpoint: '/api/u/:userIndex/settings/whitelist',
    answer: { addresses: [] },
    shows: 'No outgoing addresses yet.',
  },
];

/** The view's endpoint fails (a server error) until `healed` is set; then it answers the case's data. */
function serveFailingUntilHealed(view: QueryViewCase) {
  const state = { healed: false, reads: 0 };
  server.use(
    http.get(view.endpoint, () => {
      state.reads += 1;
      return state.healed
        ? HttpResponse.json(view.answer)
        : HttpResponse.json({ code: 'InternalError', message: 'boom' }, { status: 500 });
    }),
  );
  return state;
}

describe('every query view: loading, error with Retry, data', () => {
  it.each(views)('$view: a failed read shows Retry, Retry reads again and shows the data', async (view) => {
    signIn(0);
    setViewportWidth(1440);
    server.use(
      ...mailApi({ tree: [buildSystemFolder('inbox', { unseen: 0, total: 0 })], messages: {} }).handlers,
    );
    const state = serveFailingUntilHealed(view);
    const { user } = await renderApp(view.path);
    const main = await screen.findByRole('main');
    const retry = await within(main).findByRole('button', { name: 'Retry' });
    expect(within(main).queryByText(view.shows)).not.toBeInTheDocument();
    const readsBefore = state.reads;
    state.healed = true;
    await user.click(retry);
    expect(await within(main).findByText(view.shows)).toBeInTheDocument();
    expect(state.reads).toBeGreaterThan(readsBefore);
    expect(within(main).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
