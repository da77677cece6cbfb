import { screen, waitFor, within } from '@testing-library/react';
import { dayMs } from '@webmail/contracts';
import { describe, expect, it } from 'vitest';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { folderApi } from './folder-api.testing';
import { sampleTree } from '../../test/folder.testing';

async function openFoldersSettings() {
  signIn(0);
  setViewportWidth(1024);
  const api = mailApi({ tree: sampleTree(), messages: {} });
  const folders = folderApi();
  server.use(...api.handlers, ...folders.handlers);
  const rendered = await renderApp('/u/0/settings/folders');
  await screen.findByRole('button', { name: 'Edit Inbox' });
  const treeLoads = () => api.requests.filter((r) => r.url.pathname === '/api/u/0/mailbox').length;
  return { ...rendered, folders, treeLoads };
}

async function openNewFolderForm(user: Awaited<ReturnType<typeof openFoldersSettings>>['user']) {
  await user.click(screen.getByRole('button', { name: 'New folder' }));
  return screen.findByRole('dialog', { name: 'New folder' });
}

describe('folder form', () => {
  it('checks the name with the contract before sending anything', async () => {
    const { user, folders } = await openFoldersSettings();
    const dialog = await openNewFolderForm(user);
    const name = within(dialog).getByRole('textbox', { name: 'Name' });

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(name).toHaveAccessibleDescription('Enter a name for the folder');
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await user.type(name, 'Bills/2024');
    expect(name).not.toHaveAttribute('aria-invalid', 'true'); // the error goes once the field changes
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(name).toHaveAccessibleDescription('A folder name cannot contain “/”');
    expect(folders.calls).toEqual([]);
  });

  it('shows the first server message of each field under that field on a 422', async () => {
    const { user, folders } = await openFoldersSettings();
    folders.fail({
      status: 422,
      body: {
        code: 'ValidationError',
        message: 'A folder with this name already exists here, Second message',
        errors: {
          name: ['A folder with this name already exists here', 'Second message'],
          parent: ['The parent folder does not exist'],
        },
      },
    });
    const dialog = await openNewFolderForm(user);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Projects');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
        'A folder with this name already exists here',
      ),
    );
    expect(within(dialog).getByRole('combobox', { name: 'Parent folder' })).toHaveAccessibleDescription(
      'The parent folder does not exist',
    );
    expect(screen.getByRole('dialog', { name: 'New folder' })).toBeInTheDocument();
  });

  it('shows the server’s message for other failures', async () => {
    const { user, folders } = await openFoldersSettings();
    folders.fail({
      status: 502,
      body: { code: 'MailServerError', message: 'The mail server did not create the folder' },
    });
    const dialog = await openNewFolderForm(user);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Receipts');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The mail server did not create the folder',
    );
  });

  it('reveals the retention choice with the automatic-deletion switch and sends days as milliseconds', async () => {
    const { user, folders, treeLoads } = await openFoldersSettings();
    const loadsBefore = treeLoads();
    const dialog = await openNewFolderForm(user);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Receipts');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Parent folder' }), 'Projects');
    expect(within(dialog).queryByRole('combobox', { name: 'Delete messages older than' })).toBeNull();
    await user.click(within(dialog).getByRole('switch', { name: 'Delete messages automatically' }));
    const retention = within(dialog).getByRole('combobox', { name: 'Delete messages older than' });
    expect(
      within(retention)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['30 days', '60 days', '90 days', '180 days']);
    await user.selectOptions(retention, '90 days');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Folder “Receipts” created')).toBeInTheDocument();
    expect(folders.calls).toEqual([
      {
        method: 'POST',
        path: '/api/u/0/mailbox/folders',
        body: { name: 'Receipts', parent: 'id-projects', retention: 90 * dayMs, hidden: false },
      },
    ]);
    expect(screen.queryByRole('dialog', { name: 'New folder' })).not.toBeInTheDocument();
    await waitFor(() => expect(treeLoads()).toBeGreaterThan(loadsBefore));
  });

  it('lets a system folder change only its retention', async () => {
    const { user, folders } = await openFoldersSettings();
    await user.click(screen.getByRole('button', { name: 'Edit Inbox' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit folder' });

    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Inbox');
    expect(within(dialog).getByRole('combobox', { name: 'Parent folder' })).toBeDisabled();
    expect(within(dialog).getByRole('switch', { name: 'Hide folder' })).toBeDisabled();
    await user.click(within(dialog).getByRole('switch', { name: 'Delete messages automatically' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(folders.calls).toEqual([
        { method: 'PATCH', path: '/api/u/0/mailbox/folders/id-inbox', body: { retention: 30 * dayMs } },
      ]),
    );
  });

  it('edits a custom folder with its parent preselected and sends only what changed', async () => {
    const { user, folders } = await openFoldersSettings();
    await user.click(screen.getByRole('button', { name: 'Edit Alpha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit folder' });
    const parent = within(dialog).getByRole('combobox', { name: 'Parent folder' });

    expect(parent).toHaveValue('id-projects');
    // Not itself, and no hidden folder.
    const choices = within(parent)
      .getAllByRole('option')
      .map((o) => o.textContent?.trim());
    expect(choices).not.toContain('Alpha');
    expect(choices).not.toContain('Secret');
    expect(choices).toContain('Beta');

    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Alphabet');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(folders.calls).toEqual([
        { method: 'PATCH', path: '/api/u/0/mailbox/folders/id-alpha', body: { name: 'Alphabet' } },
      ]),
    );
    expect(await screen.findByText('Folder “Alphabet” saved')).toBeInTheDocument();
  });

  it('asks before closing a changed form, and closes an unchanged one at once', async () => {
    const { user } = await openFoldersSettings();
    let dialog = await openNewFolderForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'New folder' })).not.toBeInTheDocument();

    dialog = await openNewFolderForm(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Draft name');
    await user.keyboard('{Escape}');
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    // The form is back (no longer hidden behind the question) with what was typed.
    expect(await within(dialog).findByRole('textbox', { name: 'Name' })).toHaveValue('Draft name');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New folder' })).not.toBeInTheDocument());
  });
});
