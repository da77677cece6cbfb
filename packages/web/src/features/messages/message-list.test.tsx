import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUserDetails, mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { sampleTree } from '../../test/folder.testing';
import { buildMessageSummaries, buildMessageSummary } from './message.testing';

function setup(messages = buildMessageSummaries(3)) {
  signIn(0);
  const api = mailApi({ tree: sampleTree(), messages: { 'id-inbox': messages } });
  server.use(...api.handlers);
  return api;
}

describe('message list', () => {
  it('renders the folder’s rows from the API: sender, subject, unread state', async () => {
    setup([
      buildMessageSummary(12, {
        subject: 'Quarterly report',
        seen: false,
        hasAttachments: true,
        preview: 'The numbers are in',
      }),
      buildMessageSummary(11, { from: { name: 'Bob Builder', address: 'bob@example.test' }, subject: '' }),
    ]);
    await renderApp('/u/0/id-inbox');

    const list = await screen.findByRole('list', { name: 'Messages in Inbox' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveAccessibleName(/^Alice Example, Quarterly report, .*, Unread, Has attachments$/);
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/u/0/id-inbox/thread-12/12');
    expect(rows[1]).toHaveAccessibleName(/^Bob Builder, \(no subject\), /);
    expect(screen.getByText('2 messages')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Quarterly report – The numbers are in');
  });

  it('loads the next page when scrolled near the end', async () => {
    const api = setup(buildMessageSummaries(120));
    await renderApp('/u/0/id-inbox');

    const list = await screen.findByRole('list', { name: 'Messages in Inbox' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '120');
    const pagesRequested = () =>
      api.requests
        .filter((r) => r.url.pathname.endsWith('/messages'))
        .map((r) => r.url.searchParams.get('offset'));
    expect(pagesRequested()).toEqual(['0']);

    const scroller = list.parentElement!;
    scroller.scrollTop = 40 * 76;
    fireEvent.scroll(scroller);

    await waitFor(() => expect(pagesRequested()).toEqual(['0', '50']));
    await waitFor(() => expect(screen.getByText('Message number 70')).toBeInTheDocument());
  });

  it('shows an empty folder', async () => {
    setup([]);
    await renderApp('/u/0/id-inbox');

    expect(await screen.findByText('No messages in this folder')).toBeInTheDocument();
  });

  it('stars a message from the list', async () => {
    const api = setup([buildMessageSummary(5, { flagged: false })]);
    const { user } = await renderApp('/u/0/id-inbox');

    await user.click(await screen.findByRole('button', { name: 'Star' }));

    expect(await screen.findByRole('button', { name: 'Remove star' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const patch = api.requests.find((r) => r.method === 'PATCH');
    expect(patch?.url.pathname).toBe('/api/u/0/mailbox/id-inbox/messages/5');
    expect(patch?.body).toEqual({ flagged: true });
  });

  it('shows the list beside an empty reading pane on wide screens', async () => {
    setViewportWidth(1280);
    setup();
    await renderApp('/u/0/id-inbox');

    expect(await screen.findByRole('list', { name: 'Messages in Inbox' })).toBeInTheDocument();
    expect(screen.getByText('Select a message to read it.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Folders' })).toBeInTheDocument();
  });

  it('keeps its rows when the stored 2-panel layout arrives after the list on a wide screen', async () => {
    setViewportWidth(1280);
    setup(buildMessageSummaries(19));
    let answerDetails!: () => void;
    const detailsAnswered = new Promise<void>((resolve) => (answerDetails = resolve));
    server.use(
      http.get('/api/u/:userIndex/details', async () => {
        await detailsAnswered;
        await delay(10);
        return HttpResponse.json(buildUserDetails({ view_mode: '2-panel' }));
      }),
    );
    await renderApp('/u/0/id-inbox');
    await within(await screen.findByRole('list', { name: 'Messages in Inbox' })).findAllByRole('listitem');
    expect(screen.getByText('Select a message to read it.')).toBeInTheDocument();

    answerDetails();

    await waitFor(() => expect(screen.queryByText('Select a message to read it.')).not.toBeInTheDocument());
    const list = screen.getByRole('list', { name: 'Messages in Inbox' });
    expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(10);
  });
});
