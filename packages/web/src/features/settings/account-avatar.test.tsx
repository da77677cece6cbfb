import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AccountsResponse } from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleTree } from '../../test/folder.testing';
import { mailApi, requestLog, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';

const oldImage = '/api/u/0/details/avatar?v=old';

/** The account list with one avatar; the upload answers `upload` (a status and body) and records the requests. */
function setup(upload: { status: number; body: Record<string, unknown> }) {
  signIn(0);
  setViewportWidth(1024);
  const { requests, record } = requestLog();
  const accounts: AccountsResponse = {
    accounts: [{ uid: 0, email: 'alice@example.test', name: 'Alice Example', avatar: oldImage }],
  };
  server.use(
    http.get('/api/auth/accounts', () => HttpResponse.json(accounts)),
    http.post('/api/u/:userIndex/details/avatar', async ({ request }) => {
      await record(request);
      if (upload.status === 200) accounts.accounts[0]!.avatar = '/api/u/0/details/avatar?v=new';
      return HttpResponse.json(upload.body, { status: upload.status });
    }),
    http.delete('/api/u/:userIndex/details/avatar', async ({ request }) => {
      await record(request);
      accounts.accounts[0]!.avatar = null;
      return HttpResponse.json({ ok: true });
    }),
    ...mailApi({ tree: sampleTree(), messages: {} }).handlers,
  );
  return { requests };
}

/** The picture is decorative (alt ""), so it has no role to find it by. */
const picture = () => screen.getByTestId('account-avatar').querySelector('img');
const file = (name: string, type: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type });

describe('profile picture on the Account page', () => {
  it('refuses a PDF and a 30 MB image before sending them, keeping the old picture', async () => {
    const { requests } = setup({ status: 200, body: {} });
    await renderApp('/u/0/settings/account');
    await waitFor(() => expect(picture()).toHaveAttribute('src', oldImage));
    const input = screen.getByLabelText('Profile picture file');
    // As a file chosen with "All files" in the picker: the input's accept list does not stop it.
    fireEvent.change(input, { target: { files: [file('doc.pdf', 'application/pdf')] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a PNG, JPEG or WebP image');
    fireEvent.change(input, { target: { files: [file('huge.png', 'image/png', 30 * 1024 * 1024)] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The image is larger than');
    expect(requests).toEqual([]);
    expect(picture()).toHaveAttribute('src', oldImage);
  });

  it('shows the chosen picture at once and gives the old one back when the server refuses it', async () => {
    const { requests } = setup({
      status: 422,
      body: {
        code: 'ValidationError',
        message: 'The avatar must be a single image file',
        errors: { avatar: ['The avatar must be a single image file'] },
        fieldErrors: { avatar: [{ code: 'avatarNotImage' }] },
      },
    });
    const { user } = await renderApp('/u/0/settings/account');
    await waitFor(() => expect(picture()).toHaveAttribute('src', oldImage));
    await user.upload(screen.getByLabelText('Profile picture file'), file('broken.png', 'image/png'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The avatar must be a single image file');
    await waitFor(() => expect(picture()).toHaveAttribute('src', oldImage));
    expect(requests).toHaveLength(1);
  });

  it('uploads a picture and removes it', async () => {
    setup({ status: 200, body: { etag: 'new', contentType: 'image/png', width: 256, height: 256 } });
    const { user } = await renderApp('/u/0/settings/account');
    await user.upload(await screen.findByLabelText('Profile picture file'), file('me.png', 'image/png'));
    expect(await screen.findByText('Profile picture saved')).toBeInTheDocument();
    await waitFor(() => expect(picture()).toHaveAttribute('src', '/api/u/0/details/avatar?v=new'));
    await user.click(screen.getByRole('button', { name: 'Remove picture' }));
    expect(await screen.findByText('Profile picture removed')).toBeInTheDocument();
    await waitFor(() => expect(picture()).toBeNull());
  });
});
