import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { sampleTree } from '../../test/folder.testing';
import { buildMessageSummary } from '../messages/message.testing';
import { readingApi } from '../reading/conversation.testing';
import { searchApi, type SearchState } from './search.testing';

/** 120 results in Inbox, Sent and a nested folder: more than the first page of 50. */
function results() {
  const folders = ['id-inbox', 'id-sent', 'id-projects'];
  return Array.from({ length: 120 }, (_, i) =>
    buildMessageSummary(200 - i, {
      mailbox: folders[i % 3]!,
      subject: `Budget ${i}`,
      seen: i % 2 === 0,
      date: new Date(Date.UTC(2026, 0, 1) - i * 3_600_000).toISOString(),
    }),
  );
}

function setup(search: Partial<SearchState> = {}) {
  setViewportWidth(1280);
  signIn(0);
  const api = mailApi({ tree: sampleTree(), messages: {} });
  const fake = searchApi({ results: { budget: results() }, ...search });
  server.use(...fake.handlers, ...api.handlers, ...readingApi({}).handlers);
  return fake;
}

const resultList = () => screen.findByRole('list', { name: 'Results for budget' });

describe('search results', () => {
  it('lists results of several folders like a folder, newest first, and opens one keeping the search', async () => {
    setup();
    const { user, router } = await renderApp('/u/0/search?search=budget');
    const list = await resultList();
    expect(screen.getByText('120 results')).toBeInTheDocument();
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveAccessibleName(/Budget 0/);
    await user.click(within(rows[1]!).getByRole('link'));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/u/0/search/id-sent/thread-199/199?search=budget',
      ),
    );
    // The results stay beside the message (3-panel), with the opened row marked.
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('link')
          .filter((link) => link.getAttribute('aria-current') === 'page'),
      ).toHaveLength(1),
    );
  });

  it('selects every result, not only the loaded rows, says how many, and marks them read', async () => {
    const fake = setup();
    const { user } = await renderApp('/u/0/search?search=budget');
    await resultList();
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('All 120 results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByText('Done: 120 messages')).toBeInTheDocument();
    expect(fake.actions).toEqual([
      {
        context: 'searchAll',
        messages: [{ messageId: '*', mailboxId: '*' }],
        action: 'seen',
        search: 'budget',
      },
    ]);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
  });

  it('acts on chosen results of different folders in one request', async () => {
    const fake = setup();
    const { user } = await renderApp('/u/0/search?search=budget');
    await resultList();
    await user.click(screen.getByRole('checkbox', { name: /: Budget 0$/ }));
    await user.click(screen.getByRole('checkbox', { name: /: Budget 1$/ }));
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(fake.actions).toHaveLength(1));
    expect(fake.actions[0]).toEqual({
      context: 'mailbox',
      messages: [
        { mailboxId: 'id-inbox', messageId: 200 },
        { mailboxId: 'id-sent', messageId: 199 },
      ],
      action: 'archive',
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Results for budget' })).queryByRole('listitem', {
          name: /Budget 0,/,
        }),
      ).not.toBeInTheDocument(),
    );
  });

  it('shows why a query cannot be read instead of asking the server', async () => {
    const fake = setup();
    await renderApp(`/u/0/search?search=${encodeURIComponent('budget (')}`);
    expect(await screen.findByText('A parenthesis is not closed or not opened')).toBeInTheDocument();
    expect(fake.searches).toEqual([]);
  });

  it('shows saved searches under the folders with their unread count', async () => {
    setup({ saved: [{ id: 's1', name: 'Budget mail', query: 'budget', unseen: 60 }] });
    const { user, router } = await renderApp('/u/0/id-inbox');
    const link = await screen.findByRole('link', { name: 'Budget mail, 60 unread' });
    await user.click(link);
    await waitFor(() => expect(router.state.location.search).toBe('?search=budget'));
    expect(await resultList()).toBeInTheDocument();
  });
});
