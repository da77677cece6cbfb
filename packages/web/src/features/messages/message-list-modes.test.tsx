import { screen, waitFor, within } from '@testing-library/react';
import { defaultUserConfig, type DisplayDensity, type UserConfig } from '@webmail/contracts';
import { describe, expect, it } from 'vitest';
import { buildUserDetails, mailApi, signIn, type MailState } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { sampleTree } from '../../test/folder.testing';
import { buildThreadMessage, readingApi } from '../reading/conversation.testing';
import { conversationListApi, massActionServer } from './mass-action.testing';
import { buildMessageDetail, buildMessageSummary } from './message.testing';

const participants = [
  { name: 'Bob Stone', address: 'bob@example.test', unseen: true, self: false },
  { name: 'Test User', address: 'user@example.test', unseen: false, self: true },
];

function setup(details = buildUserDetails(), config: UserConfig = defaultUserConfig) {
  signIn(0);
  const state: MailState = {
    tree: sampleTree(),
    messages: {
      'id-inbox': [9, 8, 5, 2].map((uid) =>
        buildMessageSummary(uid, { subject: uid === 8 ? 'Single' : 'Plans', seen: uid !== 5 }),
      ),
    },
    details: { 9: buildMessageDetail(9, { subject: 'Plans' }) },
    userDetails: details,
    config,
  };
  const conversations = {
    'id-inbox': [
      buildMessageSummary(9, {
        subject: 'Plans',
        conversation: { count: 3, unseen: 1, uids: [9, 5, 2], participants },
      }),
      buildMessageSummary(8, { subject: 'Single', conversation: { count: 1, unseen: 0, uids: [8] } }),
    ],
  };
  const lists = conversationListApi(conversations);
  const mass = massActionServer(state);
  const plans = buildMessageDetail(9, { subject: 'Plans' });
  const reading = readingApi({ threads: { 'thread-9': [buildThreadMessage(plans)] } });
  server.use(mass.handler, lists.handler, ...mailApi(state).handlers, ...reading.handlers);
  return { lists, mass, state };
}

describe('conversation mode', () => {
  it('shows one row per thread, unread while any message is, and remembers the choice', async () => {
    const { lists, state } = setup();
    const { user } = await renderApp('/u/0/id-inbox');
    await screen.findByRole('list', { name: 'Messages in Inbox' });
    expect(screen.getAllByRole('listitem')).toHaveLength(4);

    await user.click(screen.getByRole('button', { name: 'Conversations' }));

    const list = await screen.findByRole('list', { name: 'Messages in Inbox' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [plans, single] = within(list).getAllByRole('listitem');
    expect(plans).toHaveAccessibleName(/^Bob, me, Plans, .*, Unread, 3 messages in conversation$/);
    expect(single).not.toHaveAccessibleName(/Unread|in conversation/);
    expect(screen.getByText('2 conversations')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Conversations' })).toHaveAttribute('aria-pressed', 'true');
    expect(lists.modes).toEqual(['messages', 'conversations']);
    // Stored with the account (the Appearance page's inbox type), 1 s after the choice.
    await waitFor(() => expect(state.config?.listMode).toBe('conversations'));
  });

  it('names the participants as mail clients do, unread ones in bold, "me" in the user\'s language', async () => {
    window.localStorage.setItem('webmail.listMode.0', 'conversations');
    // Conversations on this device and with the account (the stored choice wins once it is read).
    setup(buildUserDetails(), { ...defaultUserConfig, listMode: 'conversations' });
    const { unmount } = await renderApp('/u/0/id-inbox');
    const plans = await screen.findByRole('listitem', { name: /Plans/ });
    expect(plans).toHaveTextContent(/Bob, me\(3\)/);
    expect(within(plans).getByText('Bob')).toHaveAttribute('data-unread');
    expect(within(plans).getByText('me')).not.toHaveAttribute('data-unread');
    // A conversation without participants (an older answer) names its sender.
    expect(screen.getByRole('listitem', { name: /Single/ })).toHaveTextContent(/noreply@shop.test/);
    unmount();

    await renderApp('/u/0/id-inbox', { language: 'ru' });
    const russian = await screen.findByRole('listitem', { name: /Plans/ });
    expect(russian).toHaveTextContent(/Bob, я\(3\)/);
  });

  it('acts on every message of a selected conversation', async () => {
    // Remembered on this device from the last visit, and stored with the account.
    window.localStorage.setItem('webmail.listMode.0', 'conversations');
    const { lists, mass } = setup(buildUserDetails(), { ...defaultUserConfig, listMode: 'conversations' });
    const { user } = await renderApp('/u/0/id-inbox');
    const plans = await screen.findByRole('listitem', { name: /Plans/ });
    expect(lists.modes).toEqual(['conversations']);

    await user.click(within(plans).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Archive' }));

    await screen.findByText('Archived 3 messages');
    expect(mass.requests[0]!.messages.map((ref) => ref.messageId)).toEqual([9, 5, 2]);
  });
});

describe('density and reading layout', () => {
  const heights: [DisplayDensity, string][] = [
    ['compact', '48px'],
    ['default', '76px'],
    ['comfortable', '92px'],
  ];
  for (const [density, height] of heights) {
    it(`lays rows out ${density} (${height})`, async () => {
      const details = buildUserDetails();
      setup({ ...details, meta: { ...details.meta, displayDensity: density } });
      await renderApp('/u/0/id-inbox');

      await waitFor(() => expect(screen.getAllByRole('listitem')[0]).toHaveStyle({ height }));
    });
  }

  it('2-panel: the list fills the page and an open message replaces it, with a back button', async () => {
    setViewportWidth(1280);
    setup({ ...buildUserDetails(), view_mode: '2-panel' });
    const { user, router } = await renderApp('/u/0/id-inbox');
    await screen.findByRole('list', { name: 'Messages in Inbox' });
    await waitFor(() => expect(screen.queryByText('Select a message to read it.')).not.toBeInTheDocument());

    await user.click(within(screen.getAllByRole('listitem', { name: /, Plans, / })[0]!).getByRole('link'));

    expect(await screen.findByRole('heading', { name: 'Plans' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Messages in Inbox' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/id-inbox'));
  });

  it('3-panel on a wide screen: the list and the reading pane side by side', async () => {
    setViewportWidth(1280);
    setup();
    await renderApp('/u/0/id-inbox/thread-9/9');

    expect(await screen.findByRole('heading', { name: 'Plans' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Messages in Inbox' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to list' })).not.toBeInTheDocument();
  });
});
