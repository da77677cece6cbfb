import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { sampleTree } from '../../test/folder.testing';
import { buildMessageSummaries } from '../messages/message.testing';
import { readingApi } from '../reading/conversation.testing';
import { searchApi, type SearchState } from '../search/search.testing';
import { installFakeEventSource } from './event-source.testing';

async function openInbox(state: SearchState) {
  signIn(0);
  setViewportWidth(1440);
  const api = mailApi({ tree: sampleTree(), messages: { 'id-inbox': buildMessageSummaries(2) } });
  server.use(...searchApi(state).handlers, ...api.handlers, ...readingApi({}).handlers);
  const sources = installFakeEventSource();
  await renderApp('/u/0/id-inbox');
  // The stream opens with the mail layout, after the session is known.
  await screen.findByRole('list', { name: 'Messages in Inbox' });
  await waitFor(() => expect(sources.all).toHaveLength(1));
  const stream = sources.latest();
  stream.open();
  return stream;
}

describe('live search events', () => {
  it('shows a search saved in another tab, and follows its unread count as the folder counts change', async () => {
    const state: SearchState = { results: {}, saved: [] };
    const stream = await openInbox(state);

    state.saved = [{ id: 's1', name: 'Budget mail', query: 'budget', unseen: 3 }];
    stream.send({ command: 'savedSearchUpdated', id: 's1' }, 1);
    expect(await screen.findByRole('link', { name: 'Budget mail, 3 unread' })).toBeInTheDocument();

    state.saved = [{ id: 's1', name: 'Budget mail', query: 'budget', unseen: 2 }];
    stream.send({ command: 'COUNTERS', counters: [{ mailboxId: 'id-inbox', unseen: 1, total: 10 }] });
    expect(await screen.findByRole('link', { name: 'Budget mail, 2 unread' })).toBeInTheDocument();

    state.saved = [];
    stream.send({ command: 'savedSearchDeleted', id: 's1' }, 2);
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Budget mail/ })).not.toBeInTheDocument());
  });
});
