import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUserDetails, mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { folderApi } from './folder-api.testing';
import { buildFolder, buildSystemFolder } from '../../test/folder.testing';

const customFolders = {
  alpha: buildFolder({ id: 'id-alpha', name: 'Alpha', unseen: 1, total: 2 }),
  bravo: buildFolder({
    id: 'id-bravo',
    name: 'Bravo',
    children: [buildFolder({ id: 'id-child', name: 'Child', path: 'Bravo/Child', parent: 'Bravo' })],
  }),
  charlie: buildFolder({ id: 'id-charlie', name: 'Charlie', hidden: true, retention: 30 * 86_400_000 }),
};
type CustomName = keyof typeof customFolders;

/** The tree as the server sends it with the custom folders in this order. */
const treeInOrder = (...names: CustomName[]) => [
  buildSystemFolder('inbox', { unseen: 3, total: 120 }),
  buildSystemFolder('trash', { total: 4 }),
  ...names.map((name) => customFolders[name]),
];

async function openFoldersSettings(options: { disabled?: boolean; passwordMode?: boolean } = {}) {
  signIn(0);
  setViewportWidth(1024);
  const folders = folderApi();
  const state = {
    tree: treeInOrder('alpha', 'bravo', 'charlie'),
    messages: {},
    userDetails: buildUserDetails({
      disabledFeatures: options.disabled ? ['folders'] : [],
      ...(options.passwordMode
        ? { unavailableFeatures: [{ feature: 'retentionWhileAway', reason: 'ownerMustBeSignedIn' }] }
        : {}),
    }),
  };
  server.use(...mailApi(state).handlers, ...folders.handlers);
  const rendered = await renderApp('/u/0/settings/folders');
  if (!options.disabled) await screen.findByRole('list', { name: 'My folders' });
  /** What the server will list from now on (after a successful reorder). */
  const serverOrder = (...names: CustomName[]) => (state.tree = treeInOrder(...names));
  return { ...rendered, folders, serverOrder };
}

const customList = () => screen.getByRole('list', { name: 'My folders' });
/** The top-level custom folders as shown, in order. */
const customOrder = () =>
  within(customList())
    .getAllByRole('button', { name: /^Edit / })
    .map((button) => button.getAttribute('aria-label')!.replace('Edit ', ''));
/** The line of counts and settings under a folder's name. */
const detailsOf = (list: HTMLElement, name: string) =>
  within(list).getByText(name).parentElement!.querySelector('[data-folder-details]')!;
const rowOf = (name: string) => within(customList()).getByText(name).closest('[draggable]') as HTMLElement;

function folderDrag(): DataTransfer {
  const data = new Map<string, string>();
  return {
    get types() {
      return [...data.keys()];
    },
    getData: (type: string) => data.get(type) ?? '',
    setData: (type: string, value: string) => data.set(type, value),
    dropEffect: 'none',
    effectAllowed: 'all',
  } as unknown as DataTransfer;
}

describe('folders settings (route Folders)', () => {
  it("wraps a row's counts on a narrow screen instead of cutting them", async () => {
    await openFoldersSettings();
    setViewportWidth(360);
    const details = detailsOf(customList(), 'Charlie');
    expect(getComputedStyle(details).whiteSpace).not.toBe('nowrap');
    expect(getComputedStyle(details).textOverflow).not.toBe('ellipsis');
  });

  it('says retention runs only while signed in when the deployment cannot act for an absent owner', async () => {
    const note = /Folder retention runs only while you are signed in/;
    const first = await openFoldersSettings({ passwordMode: true });
    expect(await screen.findByText(note)).toBeInTheDocument();
    first.unmount();
    await openFoldersSettings();
    expect(screen.queryByText(note)).not.toBeInTheDocument();
  });

  it('lists system folders first, then custom folders with their counts and settings', async () => {
    await openFoldersSettings();

    const system = await screen.findByRole('list', { name: 'System folders' });
    expect(within(system).getByText('Inbox')).toBeInTheDocument();
    expect(detailsOf(system, 'Inbox')).toHaveTextContent(/^3 unread · 120 messages$/);
    // System folders can only be edited (retention): no menu of other actions.
    expect(within(system).queryByRole('button', { name: /More actions/ })).not.toBeInTheDocument();
    expect(customOrder()).toEqual(['Alpha', 'Bravo', 'Child', 'Charlie']);
    expect(detailsOf(customList(), 'Charlie')).toHaveTextContent(
      /^0 unread · 0 messages · Deleted after 30 days · Hidden$/,
    );
  });

  it('reorders custom folders among siblings by dragging, saving the whole order at once', async () => {
    const { folders, serverOrder } = await openFoldersSettings();
    const dataTransfer = folderDrag();
    serverOrder('bravo', 'charlie', 'alpha');

    fireEvent.dragStart(rowOf('Alpha'), { dataTransfer });
    // A child is no sibling of a top-level folder: no drop there.
    expect(fireEvent.dragOver(rowOf('Child'), { dataTransfer })).toBe(true);
    expect(fireEvent.dragOver(rowOf('Charlie'), { dataTransfer })).toBe(false);
    fireEvent.drop(rowOf('Charlie'), { dataTransfer });
    fireEvent.dragEnd(rowOf('Alpha'), { dataTransfer });

    await waitFor(() => expect(customOrder()).toEqual(['Bravo', 'Child', 'Charlie', 'Alpha']));
    await waitFor(() =>
      expect(folders.calls).toEqual([
        {
          method: 'PATCH',
          path: '/api/u/0/mailbox/folders/updateOrder',
          body: { order: ['id-bravo', 'id-child', 'id-charlie', 'id-alpha'] },
        },
      ]),
    );
  });

  it('moves a folder with the keyboard-reachable menu, and puts it back if saving fails', async () => {
    const { user, folders, serverOrder } = await openFoldersSettings();
    serverOrder('bravo', 'alpha', 'charlie');
    await user.click(await screen.findByRole('button', { name: 'More actions for Alpha' }));
    expect(screen.getByRole('menuitem', { name: 'Move up' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('menuitem', { name: 'Move down' }));

    await waitFor(() =>
      expect(folders.calls.at(-1)?.body).toEqual({
        order: ['id-bravo', 'id-child', 'id-alpha', 'id-charlie'],
      }),
    );
    await waitFor(() => expect(customOrder()).toEqual(['Bravo', 'Child', 'Alpha', 'Charlie']));

    let answer = () => {};
    folders.fail({
      status: 422,
      body: { code: 'ValidationError', message: 'Unknown folders', errors: { order: ['Unknown folders'] } },
      until: new Promise((resolve) => (answer = resolve)),
    });
    await user.click(screen.getByRole('button', { name: 'More actions for Charlie' }));
    await user.click(screen.getByRole('menuitem', { name: 'Move up' }));
    await waitFor(() => expect(customOrder()).toEqual(['Bravo', 'Child', 'Charlie', 'Alpha']));
    answer();
    await waitFor(() => expect(customOrder()).toEqual(['Bravo', 'Child', 'Alpha', 'Charlie']));
    expect(await screen.findByText('Unknown folders')).toBeInTheDocument();
  });

  it('deletes a custom folder only after a confirmation that says its messages go too', async () => {
    const { user, folders } = await openFoldersSettings();
    const openDelete = async () => {
      await user.click(await screen.findByRole('button', { name: 'More actions for Bravo' }));
      await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
      return screen.findByRole('alertdialog', { name: 'Delete folder “Bravo”?' });
    };

    let confirm = await openDelete();
    expect(confirm).toHaveAccessibleDescription(
      'The folder, its subfolders and all messages in them will be deleted permanently. This cannot be undone.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(folders.calls).toEqual([]);

    confirm = await openDelete();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Folder “Bravo” deleted')).toBeInTheDocument();
    expect(folders.calls).toEqual([
      { method: 'DELETE', path: '/api/u/0/mailbox/folders/id-bravo', body: undefined },
    ]);
  });

  it('hides and shows a custom folder', async () => {
    const { user, folders } = await openFoldersSettings();
    await user.click(await screen.findByRole('button', { name: 'More actions for Alpha' }));
    await user.click(screen.getByRole('menuitem', { name: 'Hide' }));
    expect(await screen.findByText('Folder “Alpha” hidden')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'More actions for Charlie' }));
    await user.click(screen.getByRole('menuitem', { name: 'Show' }));
    await waitFor(() =>
      expect(folders.calls).toEqual([
        { method: 'PATCH', path: '/api/u/0/mailbox/folders/id-alpha', body: { hidden: true } },
        { method: 'PATCH', path: '/api/u/0/mailbox/folders/id-charlie', body: { hidden: false } },
      ]),
    );
  });

  it('says the feature is not in the plan when folders are disabled', async () => {
    await openFoldersSettings({ disabled: true });

    expect(await screen.findByText('This feature is not included in your plan.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New folder' })).not.toBeInTheDocument();
  });
});
