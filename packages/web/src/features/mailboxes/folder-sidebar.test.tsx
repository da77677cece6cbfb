import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mailApi } from '../../test/api-handlers.testing';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-app';
import { FolderSidebar } from './components/folder-sidebar';
import { buildFolder, sampleTree } from '../../test/folder.testing';

async function renderSidebar(tree = sampleTree()) {
  server.use(...mailApi({ tree, messages: {} }).handlers);
  const rendered = await renderWithProviders(
    <FolderSidebar userIndex={0} selectedMailboxId="id-inbox" />,
    '/u/0/id-inbox',
  );
  const nav = await screen.findByRole('navigation', { name: 'Folders' });
  await within(nav).findAllByRole('link');
  return { ...rendered, nav };
}

const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent || link.getAttribute('aria-label'));

describe('folder sidebar', () => {
  it('lists system folders first in the order Inbox, Drafts, Sent, Archive, Junk, Trash, then the folders settings gear, then custom folders', async () => {
    const { nav } = await renderSidebar();

    expect(linkNames(nav).map((name) => name?.replace(/[\d,].*$/, '').trim())).toEqual([
      'Inbox',
      'Drafts',
      'Sent',
      'Archive',
      'Junk',
      'Trash',
      'Manage folders',
      'Projects',
      'Alpha',
      'Beta',
    ]);
  });

  it('shows unseen counts, the Drafts total and no count on Trash', async () => {
    const { nav } = await renderSidebar();

    expect(within(nav).getByRole('link', { name: 'Inbox, 3 unread' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Drafts, 2 messages' })).toHaveAttribute(
      'href',
      '/u/0/id-drafts',
    );
    expect(within(nav).getByRole('link', { name: 'Junk, 1 unread' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Trash' })).toBeInTheDocument(); // 4 unseen, but no count
    expect(within(nav).getByRole('link', { name: 'Sent' })).toBeInTheDocument();
  });

  it('adds the descendants’ unseen to a collapsed parent and hides its children', async () => {
    const { nav, user } = await renderSidebar();
    expect(within(nav).getByRole('link', { name: 'Projects, 1 unread' })).toBeInTheDocument();

    const toggle = within(nav).getByRole('button', { name: 'Collapse Projects' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);

    expect(within(nav).getByRole('link', { name: 'Projects, 3 unread' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: /Alpha/ })).not.toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Expand Projects' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('does not show or link hidden folders', async () => {
    const { nav } = await renderSidebar();

    expect(within(nav).queryByText('Secret')).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: /Secret/ })).not.toBeInTheDocument();
  });

  it('caps indentation at three levels', async () => {
    const chain = ['L1', 'L2', 'L3', 'L4', 'L5'].reduceRight<ReturnType<typeof buildFolder> | null>(
      (child, name) => buildFolder({ id: `id-${name}`, name, children: child ? [child] : [] }),
      null,
    )!;
    const { nav } = await renderSidebar([
      ...sampleTree(),
      buildFolder({ id: 'id-root', name: 'Root', children: [chain] }),
    ]);

    const indentOf = (name: string) =>
      within(nav).getByRole('link', { name }).closest('[data-indent]')?.getAttribute('data-indent');
    expect(['Root', 'L1', 'L2', 'L3', 'L4', 'L5'].map(indentOf)).toEqual(['0', '1', '2', '2', '2', '2']);
  });
});
