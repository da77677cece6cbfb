import { act, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { describe, expect, it } from 'vitest';
import { sampleTree } from '../../test/folder.testing';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { buildSignature, signaturesApi, type SignaturesApiState } from './signatures.testing';

function setup(state: SignaturesApiState) {
  signIn(0);
  setViewportWidth(1024);
  const api = signaturesApi(state);
  server.use(...mailApi({ tree: sampleTree(), messages: {} }).handlers, ...api.handlers);
  return api;
}

const two = () => ({
  signatures: [
    buildSignature('1', 'Work', '<p>Best regards, <b>Ann</b></p>', true),
    buildSignature('2', 'Home', '<p>Ann</p><p>Acme Oy</p>'),
  ],
});

describe('signature settings (settings/signatures)', () => {
  it('is an entry of the settings list and lists the signatures, the default first', async () => {
    setup(two());
    await renderApp('/u/0/settings/signatures');

    const nav = await screen.findByRole('navigation', { name: 'Settings' });
    expect(within(nav).getByRole('link', { name: 'Signatures' })).toHaveAttribute('aria-current', 'page');
    const list = await screen.findByRole('list', { name: 'Signatures' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^WorkDefaultBest regards, Ann/),
      expect.stringMatching(/^HomeAnn/),
    ]);
    // The preview keeps the signature's lines ("Ann" and "Acme Oy", not "AnnAcme Oy").
    expect(within(rows[1]!).getByText('Ann Acme Oy')).toHaveStyle({ whiteSpace: 'pre-line' });
  });

  it('makes another signature the default (the old one loses it)', async () => {
    const api = setup(two());
    const { user } = await renderApp('/u/0/settings/signatures');

    await user.click(await screen.findByRole('button', { name: 'Make default' }));
    expect(await screen.findByText('Home is now the default signature')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ default: true });
    const rows = within(screen.getByRole('list', { name: 'Signatures' })).getAllByRole('listitem');
    await waitFor(() => expect(rows[0]).toHaveTextContent(/^HomeDefault/));
  });

  it('deletes a signature after asking', async () => {
    const api = setup(two());
    const { user } = await renderApp('/u/0/settings/signatures');

    await user.click(await screen.findByRole('button', { name: 'Delete Home' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete signature Home?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Signature Home deleted')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'DELETE')?.url.pathname).toBe('/api/u/0/signatures/2');
    await waitFor(() => expect(screen.queryByText('Home')).not.toBeInTheDocument());
  });

  it('creates a signature with the editor; the first one is the default', async () => {
    const api = setup({ signatures: [] });
    const { user, router } = await renderApp('/u/0/settings/signatures');

    expect(await screen.findByText('No signatures yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'New signature' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/settings/signatures/edit'));
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Work');
    // jsdom has no layout for typing into ProseMirror: the text goes in through the editor Tiptap keeps on its element.
    const body = screen.getByRole('textbox', { name: 'Signature text' }) as HTMLElement & { editor: Editor };
    act(() => void body.editor.commands.insertContent('Ann Example'));
    expect(screen.getByRole('checkbox', { name: 'Use as the default signature' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/settings/signatures'));
    expect(await screen.findByText('Signature saved')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Work',
      html: '<p>Ann Example</p>',
      default: true,
    });
  });

  it('keeps what was typed when the save fails, and shows the field error beside the field', async () => {
    const api = setup({
      ...two(),
      failNext: {
        status: 422,
        body: {
          code: 'ValidationError',
          message: 'Too long',
          errors: { html: ['The signature is too large'] },
          fieldErrors: { html: [{ code: 'inlineImageTooLarge', params: { name: 'image 1', max: 512000 } }] },
        },
      },
    });
    const { user, router } = await renderApp('/u/0/settings/signatures/edit/2');

    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Home');
    await user.clear(name);
    await user.type(name, 'Private');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(/The image is too large to be placed in the text/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/u/0/settings/signatures/edit/2');
    expect(name).toHaveValue('Private');
    // The second try goes through with the same text.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/settings/signatures'));
    expect(api.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { name: 'Private', html: '<p>Ann</p><p>Acme Oy</p>', default: false },
      { name: 'Private', html: '<p>Ann</p><p>Acme Oy</p>', default: false },
    ]);
  });

  it('says so when a server error stops the save, keeping the form', async () => {
    setup({ ...two(), failNext: { status: 500, body: { code: 'Internal', message: 'Boom' } } });
    const { user } = await renderApp('/u/0/settings/signatures/edit/1');

    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(name, ' mail');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The signature could not be saved. What you wrote is still here; try again.',
    );
    expect(name).toHaveValue('Work mail');
  });

  it('says the signature is gone for an unknown id', async () => {
    setup(two());
    await renderApp('/u/0/settings/signatures/edit/nope');
    expect(await screen.findByText('This signature does not exist any more.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to signatures' })).toHaveAttribute(
      'href',
      '/u/0/settings/signatures',
    );
  });
});
