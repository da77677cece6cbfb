import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleTree } from '../../test/folder.testing';
import { buildMessageDetail, buildMessageSummary } from '../messages/message.testing';
import { buildThreadMessage, readingApi } from '../reading/conversation.testing';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { filtersApi, type FiltersApiState } from './filters.testing';

function setup(state: FiltersApiState = { filters: [] }) {
  signIn(0);
  setViewportWidth(1280);
  const news = buildMessageDetail(7, {
    from: { name: 'News', address: 'news@lists.test' },
    subject: 'Weekly',
    listId: 'weekly.lists.test',
  });
  const personal = buildMessageDetail(8, { from: { name: 'Alice', address: 'alice@example.test' } });
  const api = filtersApi(state);
  server.use(
    ...mailApi({
      tree: sampleTree(),
      messages: {
        'id-inbox': [
          buildMessageSummary(7, { thread: 'thread-7' }),
          buildMessageSummary(8, { thread: 'thread-8' }),
        ],
      },
      details: { 7: news, 8: personal },
    }).handlers,
    ...readingApi({
      threads: { 'thread-7': [buildThreadMessage(news)], 'thread-8': [buildThreadMessage(personal)] },
    }).handlers,
    ...api.handlers,
  );
  return api;
}

describe('create a filter from the advanced search (two steps)', () => {
  it('needs a criterion to start and to go on, then a name and an action to save, and applies it to Inbox after asking', async () => {
    const api = setup({ filters: [], inboxMatches: 12 });
    const { user } = await renderApp('/u/0/id-inbox');

    await user.click(await screen.findByRole('button', { name: 'Show search options' }));
    const advanced = await screen.findByRole('form', { name: 'Advanced search' });
    const create = within(advanced).getByRole('button', { name: 'Create filter' });
    expect(create).toBeDisabled();
    await user.type(within(advanced).getByRole('textbox', { name: 'From' }), 'boss@work.test');
    expect(create).toBeEnabled();
    await user.click(create);

    const step1 = await screen.findByRole('dialog', { name: 'Create filter: which messages' });
    const from = within(step1).getByRole('textbox', { name: 'From' });
    expect(from).toHaveValue('boss@work.test');
    const next = within(step1).getByRole('button', { name: 'Next' });
    await user.clear(from);
    expect(next).toBeDisabled();
    await user.type(within(step1).getByRole('textbox', { name: 'Subject' }), 'budget');
    expect(next).toBeEnabled();
    await user.click(next);

    const step2 = await screen.findByRole('dialog', { name: 'Create filter: name and actions' });
    const save = within(step2).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(within(step2).getByRole('textbox', { name: 'Name' }), 'Budget');
    // A name alone is not enough: the filter must do something.
    expect(save).toBeDisabled();
    expect(within(step2).getByText('Choose at least one action.')).toBeInTheDocument();
    const alsoInbox = within(step2).getByRole('checkbox', {
      name: 'Also apply to the matching messages already in Inbox',
    });
    expect(alsoInbox).toBeDisabled();
    await user.click(within(step2).getByRole('checkbox', { name: 'Star' }));
    expect(save).toBeEnabled();
    await user.click(alsoInbox);
    await user.click(save);

    const ask = await screen.findByRole('dialog', { name: 'Apply to messages in Inbox?' });
    expect(ask).toHaveTextContent('12 messages in Inbox match the new filter');
    expect(
      api.requests.find((r) => r.method === 'POST' && r.url.pathname.endsWith('/filters'))?.body,
    ).toMatchObject({
      name: 'Budget',
      query: { subject: 'budget', from: null },
      action: { flag: true },
    });
    await user.click(within(ask).getByRole('button', { name: 'Apply to 12 messages' }));
    expect(await screen.findByText('Filter applied to 12 messages')).toBeInTheDocument();
    const applied = api.requests.find((r) => r.url.pathname.endsWith('/applyToInbox'));
    expect(applied?.url.pathname).toBe('/api/u/0/filters/101/applyToInbox');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 60_000);
});

describe('filter messages like this (the message menu)', () => {
  const openMenu = async (path: string) => {
    const { user } = await renderApp(path);
    const article = await screen.findByRole('article');
    await user.click(within(article).getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Filter messages like this' }));
    return screen.findByRole('dialog', { name: 'Create filter: which messages' });
  };

  it('starts from the List-Id of a list message', async () => {
    setup();
    const dialog = await openMenu('/u/0/id-inbox/thread-7/7');
    expect(within(dialog).getByRole('textbox', { name: 'Mailing list (List-Id)' })).toHaveValue(
      'weekly.lists.test',
    );
    expect(within(dialog).getByRole('textbox', { name: 'From' })).toHaveValue('');
  });

  it('starts from the sender of any other message', async () => {
    setup();
    const dialog = await openMenu('/u/0/id-inbox/thread-8/8');
    expect(within(dialog).getByRole('textbox', { name: 'From' })).toHaveValue('alice@example.test');
  });
});
