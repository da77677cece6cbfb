import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Quota } from '@webmail/contracts';
import { describe, expect, it, vi } from 'vitest';
import { messageDragType, type MessageDragPayload } from '../../shared/dnd/message-drag';
import { buildUserDetails, mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp, renderWithProviders } from '../../test/render-app';
import { FolderSidebar, type FolderSidebarProps } from './components/folder-sidebar';
import { sampleTree } from '../../test/folder.testing';

async function renderSidebar(
  props: Partial<FolderSidebarProps> = {},
  quota: Quota | null = null,
  language: 'en' | 'ru' = 'en',
) {
  server.use(...mailApi({ tree: sampleTree(), messages: {}, quota }).handlers);
  const rendered = await renderWithProviders(
    <FolderSidebar userIndex={0} selectedMailboxId="id-inbox" {...props} />,
    '/u/0/id-inbox',
    { language },
  );
  const nav = await screen.findByRole('navigation', { name: language === 'en' ? 'Folders' : 'Папки' });
  await within(nav).findAllByRole('link');
  return { ...rendered, nav };
}

/** A DataTransfer as a drag from the message list carries it (jsdom has none). */
function messageDrag(payload: MessageDragPayload): DataTransfer {
  const data = new Map([[messageDragType, JSON.stringify(payload)]]);
  return {
    types: [...data.keys()],
    getData: (type: string) => data.get(type) ?? '',
    setData: (type: string, value: string) => data.set(type, value),
    dropEffect: 'none',
    effectAllowed: 'move',
  } as unknown as DataTransfer;
}

const payload: MessageDragPayload = { userIndex: 0, mailboxId: 'id-inbox', messageIds: [7, 9], count: 2 };
const rowOf = (link: HTMLElement) => link.closest('[data-indent]') as HTMLElement;

describe('folder sidebar: drop target', () => {
  it('highlights a folder while messages are dragged over it and hands the drop to onDropMessages', async () => {
    const onDropMessages = vi.fn();
    const { nav } = await renderSidebar({ onDropMessages });
    const projects = within(nav).getByRole('link', { name: /^Projects/ });
    const dataTransfer = messageDrag(payload);

    fireEvent.dragEnter(projects, { dataTransfer });
    // A handled dragover (default prevented) is what lets the browser drop here.
    expect(fireEvent.dragOver(projects, { dataTransfer })).toBe(false);
    expect(rowOf(projects)).toHaveAttribute('data-drop-target', 'true');

    fireEvent.drop(projects, { dataTransfer });
    expect(onDropMessages).toHaveBeenCalledWith('id-projects', payload);
    expect(rowOf(projects)).not.toHaveAttribute('data-drop-target');
  });

  it('is no target for the folder the messages come from, nor for other drags', async () => {
    const onDropMessages = vi.fn();
    const { nav } = await renderSidebar({ onDropMessages });
    const inbox = within(nav).getByRole('link', { name: /^Inbox/ });
    const sent = within(nav).getByRole('link', { name: /^Sent/ });

    expect(fireEvent.dragOver(inbox, { dataTransfer: messageDrag(payload) })).toBe(true);
    fireEvent.drop(inbox, { dataTransfer: messageDrag(payload) });
    const fileDrag = { types: ['Files'], getData: () => '' } as unknown as DataTransfer;
    expect(fireEvent.dragOver(sent, { dataTransfer: fileDrag })).toBe(true);
    fireEvent.drop(sent, { dataTransfer: fileDrag });

    expect(onDropMessages).not.toHaveBeenCalled();
    expect(rowOf(inbox)).not.toHaveAttribute('data-drop-target');
  });
});

describe('folder sidebar: add folder and folders settings', () => {
  it('offers the add-folder control, which opens the folder form, and the gear to the folders settings', async () => {
    const { nav, user } = await renderSidebar();

    expect(within(nav).getByRole('link', { name: 'Manage folders' })).toHaveAttribute(
      'href',
      '/u/0/settings/folders',
    );
    await user.click(within(nav).getByRole('button', { name: 'New folder' }));
    expect(await screen.findByRole('dialog', { name: 'New folder' })).toBeInTheDocument();
  });

  it('hides both when the plan disables the folders feature', async () => {
    signIn(0);
    setViewportWidth(1024);
    const api = mailApi({
      tree: sampleTree(),
      messages: {},
      userDetails: buildUserDetails({ disabledFeatures: ['folders'] }),
    });
    server.use(...api.handlers);
    await renderApp('/u/0/id-inbox');
    const nav = await screen.findByRole('navigation', { name: 'Folders' });
    await within(nav).findByRole('link', { name: /^Projects/ });

    await waitFor(() => expect(api.requests.some((r) => r.url.pathname === '/api/u/0/details')).toBe(true));
    await waitFor(() =>
      expect(within(nav).queryByRole('link', { name: 'Manage folders' })).not.toBeInTheDocument(),
    );
    expect(within(nav).queryByRole('button', { name: 'New folder' })).not.toBeInTheDocument();
    // Custom folders are still listed and linked.
    expect(within(nav).getByRole('link', { name: /^Alpha/ })).toBeInTheDocument();
  });
});

describe('storage usage bar', () => {
  const GiB = 1024 ** 3;

  it('shows "x of y used" in binary units with two decimals and the share rounded up', async () => {
    await renderSidebar({}, { used: 1.5 * GiB + 1, allowed: 10 * GiB });

    expect(screen.getByText('1.50 GiB of 10.00 GiB used')).toBeInTheDocument();
    expect(screen.getByText('16%')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Storage usage' });
    expect(bar).toHaveAttribute('aria-valuenow', '16');
    expect(bar).toHaveAttribute('aria-valuetext', '16%, 1.50 GiB of 10.00 GiB used');
  });

  it("writes sizes and the share as the user's language does, the share apart from the text", async () => {
    await renderSidebar({}, { used: Math.round(6.46 * 1024 ** 2), allowed: GiB }, 'ru');

    const used = screen.getByText('Использовано 6,46 MiB из 1,00 GiB');
    const share = screen.getByText(/^1\s%$/);
    expect(used).not.toContainElement(share);
    expect(share.textContent).toBe('1\u00a0%');
  });

  it('turns to the warning colour from 90 %', async () => {
    await renderSidebar({}, { used: 9 * GiB, allowed: 10 * GiB });

    expect(screen.getByRole('progressbar', { name: 'Storage usage' })).toHaveClass(
      'MuiLinearProgress-colorWarning',
    );
  });

  it("shows the details' quota while the tree has none (the first tree after sign-in)", async () => {
    await renderSidebar({ detailsQuota: { used: 9 * GiB, allowed: 10 * GiB } }, null);

    expect(screen.getByRole('progressbar', { name: 'Storage usage' })).toBeInTheDocument();
  });

  it('is left out when the server reports no quota', async () => {
    await renderSidebar({}, null);

    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
