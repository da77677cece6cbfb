import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultUserConfig } from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { openMailboxChannel } from '../../shared/session/mailbox-channel';
import { mailApi, signIn, type MailState } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { sampleTree } from '../../test/folder.testing';
import { readingApi } from '../reading/conversation.testing';
import { massActionServer } from './mass-action.testing';
import { buildMessageSummary } from './message.testing';

/** The sample tree with the inbox's counts matching the three rows below (the fake server keeps them right). */
function consistentTree() {
  return sampleTree().map((folder) =>
    folder.specialUse === 'inbox' ? { ...folder, unseen: 2, total: 3 } : folder,
  );
}

function setup(tree = consistentTree()) {
  setViewportWidth(1280);
  signIn(0);
  const state: MailState = {
    tree,
    messages: {
      'id-inbox': [
        buildMessageSummary(3, { subject: 'Lunch', seen: false }),
        buildMessageSummary(2, { subject: 'Report', seen: true }),
        buildMessageSummary(1, { subject: 'Hello', seen: false }),
      ],
    },
  };
  const api = mailApi(state);
  const mass = massActionServer(state);
  // The open message's conversation is not what these tests look at: the server finds none (404).
  server.use(mass.handler, ...api.handlers, ...readingApi({}).handlers);
  return { api, mass, state };
}

const list = () => screen.findByRole('list', { name: 'Messages in Inbox' });
const row = (subject: string) => screen.queryByRole('listitem', { name: new RegExp(`, ${subject}, `) });
const folderLink = (name: RegExp) =>
  within(screen.getByRole('navigation', { name: 'Folders' })).getByRole('link', { name });
const treeReads = (api: ReturnType<typeof mailApi>) =>
  api.requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/u/0/mailbox').length;

async function select(user: Awaited<ReturnType<typeof renderApp>>['user'], subject: string) {
  await user.click(screen.getByRole('checkbox', { name: new RegExp(`^Select .*: ${subject}$`) }));
}

describe('mass actions: cache effects', () => {
  it('archives at once (row gone, counts moved), then settles with the server’s answer', async () => {
    const { mass } = setup();
    const { user } = await renderApp('/u/0/id-inbox');
    await list();
    await select(user, 'Lunch');
    mass.hold();

    await user.click(screen.getByRole('button', { name: 'Archive' }));

    await waitFor(() => expect(row('Lunch')).not.toBeInTheDocument());
    expect(folderLink(/^Inbox/)).toHaveAccessibleName('Inbox, 1 unread');
    expect(folderLink(/^Archive/)).toHaveAccessibleName('Archive, 1 unread');
    expect(screen.getByText('Working on 1 message…')).toBeInTheDocument();
    expect(mass.requests).toEqual([
      { context: 'mailbox', messages: [{ messageId: 3, mailboxId: 'id-inbox' }], action: 'archive' },
    ]);

    mass.release();
    expect(await screen.findByText('Archived 1 message')).toBeInTheDocument();
    expect(screen.queryByText('Working on 1 message…')).not.toBeInTheDocument();
    expect(row('Lunch')).not.toBeInTheDocument();
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(2);
  });

  it('rolls everything back when the request fails, and says so with a Retry', async () => {
    const { mass } = setup();
    const { user } = await renderApp('/u/0/id-inbox');
    await list();
    await select(user, 'Lunch');
    mass.failWith(500, { code: 'Internal', message: 'boom' });

    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(
      await screen.findByText(
        'The action failed and nothing was changed: Something went wrong on the server',
      ),
    ).toBeInTheDocument();
    expect(row('Lunch')).toBeInTheDocument();
    expect(folderLink(/^Inbox/)).toHaveAccessibleName('Inbox, 2 unread');
    expect(screen.queryByText(/Working on/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 message moved to Trash')).toBeInTheDocument();
    expect(mass.requests.map((r) => r.action)).toEqual(['trash', 'trash']);
  });

  it('warns when there is no Archive folder and re-reads the folders', async () => {
    const { api, mass } = setup(consistentTree().filter((folder) => folder.specialUse !== 'archive'));
    const { user } = await renderApp('/u/0/id-inbox');
    await list();
    await select(user, 'Hello');
    const readsBefore = treeReads(api);

    await user.click(screen.getByRole('button', { name: 'Archive' }));

    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('There is no Archive folder. Set one in the folder settings.');
    expect(warning).toHaveAttribute('data-snackbar-type', 'attention');
    expect(row('Hello')).toBeInTheDocument();
    await waitFor(() => expect(treeReads(api)).toBeGreaterThan(readsBefore));
    expect(mass.requests).toHaveLength(1);
  });

  it('undoes a trash by moving the new UIDs back', async () => {
    const { mass, state } = setup();
    const { user } = await renderApp('/u/0/id-inbox');
    await list();
    await select(user, 'Report');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText('1 message moved to Trash');
    const newUid = state.messages['id-trash']![0]!.id;

    await user.click(screen.getByRole('button', { name: 'Undo' }));

    expect(await screen.findByText('Action undone')).toBeInTheDocument();
    expect(mass.requests[1]).toEqual({
      context: 'mailbox',
      messages: [{ messageId: newUid, mailboxId: 'id-trash' }],
      action: 'move',
      moveToTarget: 'id-inbox',
      hideSnackbar: true,
    });
    expect(await screen.findByRole('listitem', { name: /, Report, / })).toBeInTheDocument();
  });

  it('undoes a mark-as-read on the messages it changed only', async () => {
    const { mass } = setup();
    const { user } = await renderApp('/u/0/id-inbox');
    await list();
    await select(user, 'Lunch');
    await select(user, 'Report');

    await user.click(screen.getByRole('button', { name: 'Mark as read' }));
    await screen.findByText('Done: 2 messages');
    expect(folderLink(/^Inbox/)).toHaveAccessibleName('Inbox, 1 unread');
    await user.click(screen.getByRole('button', { name: 'Undo' }));

    await screen.findByText('Action undone');
    // Report was read already: the undo leaves it read.
    expect(mass.requests[1]).toMatchObject({
      action: 'unseen',
      messages: [{ messageId: 3, mailboxId: 'id-inbox' }],
    });
  });

  it('select all addresses the whole folder with messageId *', async () => {
    const { mass } = setup();
    const { user } = await renderApp('/u/0/id-inbox');
    await list();

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));

    expect(screen.getByText('All 3 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toBeChecked();
    mass.hold();
    await user.click(screen.getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(folderLink(/^Inbox/)).toHaveAccessibleName('Inbox'));
    expect(
      screen.getAllByRole('listitem').filter((item) => /^Unread/.test(item.getAttribute('aria-label') ?? '')),
    ).toEqual([]);
    mass.release();
    await screen.findByText('Done: 3 messages');
    expect(mass.requests[0]).toEqual({
      context: 'mailbox',
      messages: [{ messageId: '*', mailboxId: 'id-inbox' }],
      action: 'seen',
    });
  });

  it('goes back to the list when the open message is moved away', async () => {
    setup();
    const { user, router } = await renderApp('/u/0/id-inbox/thread-2/2');
    await list();
    await select(user, 'Report');

    await user.click(screen.getByRole('button', { name: 'Archive' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/id-inbox'));
    expect(await screen.findByText('Archived 1 message')).toBeInTheDocument();
  });

  it('tells the other tabs, and re-reads the counts when another tab says so', async () => {
    const { api } = setup();
    const otherTab = openMailboxChannel();
    const heard = vi.fn();
    otherTab.subscribe(heard);
    const { user } = await renderApp('/u/0/id-inbox');
    await list();
    await select(user, 'Lunch');

    await user.click(screen.getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(heard).toHaveBeenCalledWith({ type: 'mailboxChanged', userIndex: 0 }));

    await waitFor(() =>
      expect(api.requests.some((r) => r.method === 'GET' && r.url.pathname.endsWith('/messages'))).toBe(true),
    );
    const readsBefore = treeReads(api);
    otherTab.post({ type: 'mailboxChanged', userIndex: 0 });
    await waitFor(() => expect(treeReads(api)).toBeGreaterThan(readsBefore));
    otherTab.close();
  });
});

describe('swiping a row on a touch screen', () => {
  const swipe = (subject: string, dx: number, pointerType = 'touch') => {
    const item = row(subject)!;
    fireEvent.pointerDown(item, { pointerType, pointerId: 1, clientX: 200, clientY: 20 });
    fireEvent.pointerMove(item, { pointerType, pointerId: 1, clientX: 200 + dx / 2, clientY: 22 });
    fireEvent.pointerMove(item, { pointerType, pointerId: 1, clientX: 200 + dx, clientY: 22 });
    fireEvent.pointerUp(item, { pointerType, pointerId: 1, clientX: 200 + dx, clientY: 22 });
  };

  it('archives to the right and moves to Trash to the left, each with undo', async () => {
    const { mass } = setup();
    setViewportWidth(360);
    const { user } = await renderApp('/u/0/id-inbox');
    await list();

    swipe('Lunch', 300);
    expect(await screen.findByText('Archived 1 message')).toBeInTheDocument();
    await waitFor(() => expect(row('Lunch')).not.toBeInTheDocument());
    expect(mass.requests[0]).toMatchObject({
      action: 'archive',
      messages: [{ messageId: 3, mailboxId: 'id-inbox' }],
    });

    swipe('Report', -300);
    expect(await screen.findByText('1 message moved to Trash')).toBeInTheDocument();
    expect(mass.requests[1]).toMatchObject({
      action: 'trash',
      messages: [{ messageId: 2, mailboxId: 'id-inbox' }],
    });
    // The newest snackbar (the Trash one) is the last.
    await user.click(screen.getAllByRole('button', { name: 'Undo' }).at(-1)!);
    expect(await screen.findByRole('listitem', { name: /, Report, / })).toBeInTheDocument();
  });

  it('leaves a short swipe, a vertical move and the mouse alone', async () => {
    const { mass } = setup();
    setViewportWidth(360);
    await renderApp('/u/0/id-inbox');
    await list();
    swipe('Hello', 300, 'mouse');
    const item = row('Hello')!;
    fireEvent.pointerDown(item, { pointerType: 'touch', pointerId: 2, clientX: 200, clientY: 20 });
    fireEvent.pointerMove(item, { pointerType: 'touch', pointerId: 2, clientX: 205, clientY: 120 });
    fireEvent.pointerMove(item, { pointerType: 'touch', pointerId: 2, clientX: 400, clientY: 130 });
    fireEvent.pointerUp(item, { pointerType: 'touch', pointerId: 2, clientX: 400, clientY: 130 });
    expect(row('Hello')).toBeInTheDocument();
    expect(mass.requests).toEqual([]);
  });

  it('does what the user set for each side: here left toggles read, right does nothing', async () => {
    const { mass } = setup();
    server.use(
      http.get('/api/u/:userIndex/config', () =>
        HttpResponse.json({ ...defaultUserConfig, swipe: { left: 'read', right: 'none' } }),
      ),
    );
    setViewportWidth(360);
    await renderApp('/u/0/id-inbox');
    await list();
    await waitFor(() => expect(row('Lunch')).toBeInTheDocument());
    // The stored settings arrive with the configuration.
    await new Promise((resolve) => setTimeout(resolve, 50));
    swipe('Lunch', 300);
    expect(row('Lunch')).toBeInTheDocument();
    swipe('Lunch', -300);
    await waitFor(() => expect(mass.requests).toHaveLength(1));
    expect(mass.requests[0]).toMatchObject({
      action: 'seen',
      messages: [{ messageId: 3, mailboxId: 'id-inbox' }],
    });
    expect(row('Lunch')).toBeInTheDocument();
  });
});
