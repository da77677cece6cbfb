import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messageDragType } from '../../shared/dnd/message-drag';
import { describe, expect, it } from 'vitest';
import { mailApi, signIn, type MailState } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { sampleTree } from '../../test/folder.testing';
import { readingApi } from '../reading/conversation.testing';
import { massActionServer } from './mass-action.testing';
import { buildMessageSummaries } from './message.testing';

function setup(folder = 'id-inbox') {
  signIn(0);
  const state: MailState = {
    tree: sampleTree(),
    messages: {
      [folder]: buildMessageSummaries(5, folder),
      'id-alpha': buildMessageSummaries(2, 'id-alpha'),
    },
  };
  const mass = massActionServer(state);
  // Opening a row shows its conversation; these tests only look at the list (the server finds none).
  server.use(mass.handler, ...mailApi(state).handlers, ...readingApi({}).handlers);
  return mass;
}

const rowOf = (n: number) => screen.getByRole('listitem', { name: new RegExp(`, Message number ${n}, `) });
const checkboxOf = (n: number) => within(rowOf(n)).getByRole('checkbox');
const linkOf = (n: number) => within(rowOf(n)).getByRole('link');

describe('message selection', () => {
  it('selects with the avatar checkbox, ranges with shift, toggles with ctrl-click, clears with Escape', async () => {
    setup();
    const { user, router } = await renderApp('/u/0/id-inbox');
    await screen.findByRole('list', { name: 'Messages in Inbox' });

    await user.click(checkboxOf(5));
    expect(checkboxOf(5)).toBeChecked();
    expect(within(rowOf(5)).getByTestId('avatar-check-icon')).toBeInTheDocument();
    await user.keyboard('{Shift>}');
    await user.click(checkboxOf(2));
    await user.keyboard('{/Shift}');
    expect(screen.getByText('4 selected')).toBeInTheDocument();
    expect(
      [5, 4, 3, 2].every((n) => (checkboxOf(n) as HTMLInputElement).getAttribute('aria-checked') === 'true'),
    ).toBe(true);
    expect(checkboxOf(1)).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );

    await user.keyboard('{Control>}');
    await user.click(linkOf(1));
    await user.keyboard('{/Control}');
    expect(screen.getByText('5 selected')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/u/0/id-inbox');

    act(() => linkOf(1).focus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    expect(checkboxOf(5)).not.toBeChecked();
  });

  it('keeps the selection header to the label, two actions and More on a phone, the rest in the menu', async () => {
    setup();
    setViewportWidth(360);
    const { user } = await renderApp('/u/0/id-inbox');
    await screen.findByRole('list', { name: 'Messages in Inbox' });
    await user.click(checkboxOf(5));
    await user.click(checkboxOf(4));

    const toolbar = await screen.findByRole('toolbar', { name: 'Actions for the selected messages' });
    expect(within(toolbar).getByText('2 selected')).toBeInTheDocument();
    const buttons = within(toolbar).getAllByRole('button');
    expect(buttons).toHaveLength(3);
    expect(buttons[2]).toHaveAccessibleName('More actions');
    await user.click(buttons[2]!);
    // Whatever no longer fits is in the menu, ahead of the menu's own actions.
    const wide = await screen.findByRole('menu');
    expect(within(wide).getAllByRole('menuitem').length).toBeGreaterThan(2);
  });

  it('clears the selection with Escape after a mass action from the toolbar', async () => {
    setup();
    setViewportWidth(1024);
    const { user } = await renderApp('/u/0/id-inbox');
    await screen.findByRole('list', { name: 'Messages in Inbox' });
    await user.click(checkboxOf(5));
    await user.click(checkboxOf(4));
    const toolbar = await screen.findByRole('toolbar', { name: 'Actions for the selected messages' });
    await user.click(within(toolbar).getByRole('button', { name: 'Mark as unread' }));
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(within(toolbar).getByText('2 selected')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(
        screen.queryByRole('toolbar', { name: 'Actions for the selected messages' }),
      ).not.toBeInTheDocument(),
    );
    expect(checkboxOf(5)).not.toBeChecked();
  });

  it('starts empty in another folder', async () => {
    setup();
    const { user, router } = await renderApp('/u/0/id-inbox');
    await screen.findByRole('list', { name: 'Messages in Inbox' });
    await user.click(checkboxOf(3));
    expect(screen.getByText('1 selected')).toBeInTheDocument();

    await act(() => router.navigate('/u/0/id-alpha'));

    await screen.findByRole('list', { name: 'Messages in Alpha' });
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });

  it('drags the selection from a selected row, or just the row from an unselected one', async () => {
    setup();
    const { user } = await renderApp('/u/0/id-inbox');
    await screen.findByRole('list', { name: 'Messages in Inbox' });
    await user.click(checkboxOf(4));
    await user.click(checkboxOf(2));
    const drag = (n: number) => {
      const data = new Map<string, string>();
      const dataTransfer = {
        setData: (type: string, value: string) => data.set(type, value),
        setDragImage: () => {},
        effectAllowed: 'none',
      };
      fireEvent.dragStart(rowOf(n), { dataTransfer });
      return JSON.parse(data.get(messageDragType) ?? 'null') as unknown;
    };

    expect(drag(2)).toEqual({ userIndex: 0, mailboxId: 'id-inbox', messageIds: [4, 2], count: 2 });
    // A badge beside the pointer says what the drop moves, until the drag ends.
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('2 messages');
    fireEvent.dragEnd(rowOf(2));
    expect(document.querySelector('[data-drag-badge]')).toBeNull();
    expect(drag(5)).toEqual({ userIndex: 0, mailboxId: 'id-inbox', messageIds: [5], count: 1 });
    expect(document.querySelector('[data-drag-badge]')).toHaveTextContent('1 message');
    fireEvent.drop(document.body);
    expect(document.querySelector('[data-drag-badge]')).toBeNull();
  });

  it("drags a select-all as the whole folder, and says how many in the user's language", async () => {
    setup();
    const { user } = await renderApp('/u/0/id-inbox', { language: 'ru' });
    await screen.findByRole('list', { name: /Входящие/ });
    await user.click(screen.getByRole('checkbox', { name: 'Выбрать все' }));
    fireEvent.dragStart(rowOf(2), { dataTransfer: { setData: () => {}, setDragImage: () => {} } });
    expect(document.querySelector('[data-drag-badge]')).toHaveTextContent(/^\d+ (письмо|письма|писем)$/);
    fireEvent.dragEnd(rowOf(2));
  });
});

describe('list keys', () => {
  it('moves with the arrows, selects with x, stars with s, opens with Enter', async () => {
    const mass = setup();
    const { user, router } = await renderApp('/u/0/id-inbox');
    await screen.findByRole('list', { name: 'Messages in Inbox' });
    act(() => linkOf(5).focus());

    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(linkOf(4)).toHaveFocus());
    await user.keyboard('{ArrowDown}{ArrowUp}');
    await waitFor(() => expect(linkOf(4)).toHaveFocus());
    await user.keyboard('x');
    expect(checkboxOf(4)).toBeChecked();

    await user.keyboard('s');
    await waitFor(() =>
      expect(mass.requests[0]).toEqual({
        context: 'mailbox',
        messages: [{ messageId: 4, mailboxId: 'id-inbox' }],
        action: 'flagged',
      }),
    );
    expect(
      await screen.findByRole('listitem', { name: /, Message number 4, .*Starred/ }),
    ).toBeInTheDocument();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/id-inbox/thread-4/4'));
  });

  it('archives with e and trashes with # the focused row when nothing is selected, keeping the focus in the list', async () => {
    const mass = setup();
    const { user } = await renderApp('/u/0/id-inbox');
    await screen.findByRole('list', { name: 'Messages in Inbox' });
    act(() => linkOf(3).focus());

    await user.keyboard('e');
    await screen.findByText('Archived 1 message');
    // The archived row's place (and the focus) goes to the next one.
    await waitFor(() => expect(linkOf(2)).toHaveFocus());
    await user.keyboard('#');
    await screen.findByText('1 message moved to Trash');

    expect(mass.requests.map((r) => [r.action, r.messages])).toEqual([
      ['archive', [{ messageId: 3, mailboxId: 'id-inbox' }]],
      ['trash', [{ messageId: 2, mailboxId: 'id-inbox' }]],
    ]);
  });

  it('asks before # deletes forever in Trash', async () => {
    const mass = setup('id-trash');
    const { user } = await renderApp('/u/0/id-trash');
    await screen.findByRole('list', { name: 'Messages in Trash' });
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    act(() => linkOf(5).focus());

    await user.keyboard('#');
    const dialog = await screen.findByRole('dialog', { name: 'Delete 1 message forever?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mass.requests).toEqual([]);

    await user.click(checkboxOf(5));
    await user.click(screen.getByRole('button', { name: 'Delete forever' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete 1 message forever?' })).getByRole('button', {
        name: 'Delete forever',
      }),
    );

    await screen.findByText('Deleted 1 message forever');
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(mass.requests.map((r) => r.action)).toEqual(['delete']);
  });
});
