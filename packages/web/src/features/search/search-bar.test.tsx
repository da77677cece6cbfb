import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUserDetails, mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { sampleTree } from '../../test/folder.testing';
import { buildMessageSummaries } from '../messages/message.testing';
import { buildRecentSearch, searchApi, type SearchState } from './search.testing';

function setup(search: Partial<SearchState> = {}, timezone = 'Europe/Helsinki') {
  setViewportWidth(1280);
  signIn(0);
  const api = mailApi({
    tree: sampleTree(),
    messages: { 'id-inbox': buildMessageSummaries(3) },
    userDetails: buildUserDetails({ timezone }),
  });
  const fake = searchApi({ results: {}, ...search });
  server.use(...fake.handlers, ...api.handlers);
  return fake;
}

const bar = () => screen.getByRole('combobox', { name: 'Search mail' });
const dropdown = () => screen.queryByRole('dialog', { name: /Search options|Advanced search/ });
const at = (router: Awaited<ReturnType<typeof renderApp>>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;
const searchUrl = (query: string) => `/u/0/search?${new URLSearchParams({ search: query })}`;
/** The app at the inbox, once its list is there. */
async function openInbox() {
  const app = await renderApp('/u/0/id-inbox');
  await screen.findByRole('list', { name: 'Messages in Inbox' });
  return app;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the search bar', () => {
  it('opens the quick view on focus, closes it with Escape, and takes the focus on /', async () => {
    setup();
    const { user } = await openInbox();
    expect(dropdown()).not.toBeInTheDocument();

    await user.keyboard('/');
    expect(bar()).toHaveFocus();
    const quick = await screen.findByRole('dialog', { name: 'Search options' });
    for (const chip of ['Has attachment', 'Last 7 days', 'From me', 'Unread', 'Starred']) {
      expect(within(quick).getByRole('button', { name: chip })).toBeInTheDocument();
    }
    await user.keyboard('{Escape}');
    expect(dropdown()).not.toBeInTheDocument();
  });

  it('searches on Enter and shows the results page with the query kept in the bar', async () => {
    const fake = setup({ results: { budget: buildMessageSummaries(2) } });
    const { user, router } = await openInbox();
    await user.type(bar(), 'budget{Enter}');
    await waitFor(() => expect(at(router)).toBe(searchUrl('budget')));
    expect(await screen.findByRole('list', { name: 'Results for budget' })).toBeInTheDocument();
    expect(bar()).toHaveValue('budget');
    expect(fake.searches[0]!.searchParams.get('setRecent')).toBe('true');
  });

  it('shows why a query cannot be read instead of searching', async () => {
    const fake = setup();
    const { user, router } = await openInbox();
    await user.type(bar(), 'budget OR{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('OR needs a search term on both sides');
    expect(bar()).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/u/0/id-inbox');
    expect(fake.searches).toEqual([]);
  });

  it('marks recognised keywords as the user types', async () => {
    setup();
    const { user } = await openInbox();
    await user.type(bar(), 'from:aino is:bogus is:unread');
    const marks = [...screen.getByTestId('search-highlight').querySelectorAll('mark')];
    expect(marks.map((m) => [m.textContent, m.dataset.keyword])).toEqual([
      ['from:aino', 'from'],
      ['is:unread', 'is'],
    ]);
  });

  it.each([
    // 23:30 on 9 May in Honolulu (already 10 May in UTC): seven days before 9 May.
    ['Pacific/Honolulu', '2026-05-10T09:30:00Z', 'after:2026-05-02'],
    ['Pacific/Honolulu', '2026-05-10T10:30:00Z', 'after:2026-05-03'],
    // 23:59 and 00:01 in Helsinki.
    ['Europe/Helsinki', '2026-05-09T20:59:00Z', 'after:2026-05-02'],
    ['Europe/Helsinki', '2026-05-09T21:01:00Z', 'after:2026-05-03'],
  ])('counts the last 7 days on the calendar of the user’s time zone (%s at %s)', async (zone, now, term) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
    setup({}, zone);
    const { user, router } = await openInbox();
    await user.click(bar());
    await user.click(await screen.findByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(at(router)).toBe(searchUrl(term)));
  });

  it('adds the from-me, unread, starred and attachment chips to what is typed', async () => {
    setup();
    const { user, router } = await openInbox();
    await user.type(bar(), 'budget');
    await user.click(await screen.findByRole('button', { name: 'From me' }));
    await waitFor(() => expect(at(router)).toBe(searchUrl('budget from:alice@example.test')));
    for (const [chip, term] of [
      ['Unread', 'is:unread'],
      ['Starred', 'is:starred'],
      ['Has attachment', 'has:attachment'],
    ] as const) {
      await user.click(bar());
      await user.click(await screen.findByRole('button', { name: chip }));
      await waitFor(() =>
        expect(router.state.location.search).toContain(encodeURIComponent(term).replace(/%20/g, '+')),
      );
    }
  });

  it('lists the recent searches, runs one, and deletes one (a 404 counts as deleted)', async () => {
    const fake = setup({
      recent: [buildRecentSearch('r1', 'budget'), buildRecentSearch('r2', 'from:aino')],
      recentGone: true,
    });
    const { user, router } = await openInbox();
    await user.click(bar());
    const quick = await screen.findByRole('dialog', { name: 'Search options' });
    await user.click(
      await within(quick).findByRole('button', { name: 'Remove “budget” from recent searches' }),
    );
    expect(await screen.findByText('Recent search deleted')).toBeInTheDocument();
    expect(fake.deletes).toEqual(['r1']);
    expect(within(quick).queryByText('budget')).not.toBeInTheDocument();
    await user.click(within(quick).getByText('from:aino'));
    await waitFor(() => expect(at(router)).toBe(searchUrl('from:aino')));
  });

  it('suggests people for the word being typed', async () => {
    setup({ parties: [{ id: 'p1', name: 'Aino Virtanen', address: 'aino@virtanen.example' }] });
    const { user, router } = await openInbox();
    await user.type(bar(), 'budget ai');
    await user.click(await screen.findByRole('button', { name: /Mail from Aino Virtanen/ }));
    await waitFor(() => expect(at(router)).toBe(searchUrl('budget from:aino@virtanen.example')));
  });

  it('keeps the advanced view and the text in step, and blocks a search with errors', async () => {
    setup();
    const { user, router } = await openInbox();
    await user.type(bar(), 'budget to:olga');
    await user.click(screen.getByRole('button', { name: 'Show search options' }));
    const form = await screen.findByRole('dialog', { name: 'Advanced search' });
    expect(within(form).getByRole('textbox', { name: 'To' })).toHaveValue('olga');
    expect(within(form).getByRole('textbox', { name: 'Has the words' })).toHaveValue('budget');

    await user.type(within(form).getByRole('textbox', { name: 'From' }), 'aino');
    expect(bar()).toHaveValue('budget from:aino to:olga');

    const size = within(form).getByRole('textbox', { name: 'Size' });
    expect(size).toBeDisabled();
    await user.click(within(form).getByRole('combobox', { name: 'Size' }));
    await user.click(await screen.findByRole('option', { name: 'Larger than' }));
    await user.type(size, '5x');
    expect(within(form).getByText('Only numbers')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Search' })).toBeDisabled();
    await user.clear(size);
    await user.type(size, '5');
    expect(bar()).toHaveValue('budget from:aino to:olga larger:5K');

    fireEvent.change(bar(), { target: { value: 'subject:kokous (' } });
    expect(within(form).getByRole('textbox', { name: 'Has the words' })).toHaveValue('subject:kokous (');
    expect(within(form).getByRole('button', { name: 'Search' })).toBeDisabled();
    fireEvent.change(bar(), { target: { value: 'subject:kokous' } });
    expect(within(form).getByRole('textbox', { name: 'Subject' })).toHaveValue('kokous');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(at(router)).toBe(searchUrl('subject:kokous')));
  });
});
