import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { serveCompose } from './compose.testing';

const uuidPath = /^\/u\/0\/compose\/[0-9a-f-]{36}$/;

function fileOf(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function drop(target: Element, files: File[]) {
  const dataTransfer = { files, types: ['Files'] };
  fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
}

describe('reply, reply all, forward', () => {
  it('puts the caret into To for a forward, which has no recipients yet', async () => {
    serveCompose({
      prefills: {
        'id-inbox/7/forward': {
          to: [],
          cc: [],
          subject: 'Fwd: Plans',
          html: '<p></p><p>Forwarded message</p><blockquote><p>Shall we?</p></blockquote>',
          inReplyTo: null,
          references: [],
        },
      },
    });
    await renderApp('/u/0/compose?mode=forward&mailboxId=id-inbox&messageId=7');
    expect(await screen.findByRole('textbox', { name: 'Subject' })).toHaveValue('Fwd: Plans');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'To' })).toHaveFocus());
  });

  it('starts a new draft from the server prefill named in the query', async () => {
    const api = serveCompose({
      prefills: {
        'id-inbox/7/replyAll': {
          to: [{ name: 'Bob', address: 'bob@example.test' }],
          cc: [{ name: '', address: 'carl@example.test' }],
          subject: 'Re: Plans',
          html: '<p></p><p>On Monday Bob wrote:</p><blockquote><p>Shall we?</p></blockquote>',
          inReplyTo: '<m7@example.test>',
          references: ['<m7@example.test>'],
        },
      },
    });
    const { router } = await renderApp('/u/0/compose?mode=replyAll&mailboxId=id-inbox&messageId=7');

    expect(await screen.findByRole('textbox', { name: 'Subject' })).toHaveValue('Re: Plans');
    expect(screen.getByRole('button', { name: 'Bob <bob@example.test>' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Cc' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'carl@example.test' })).toBeInTheDocument();
    const body = screen.getByRole('textbox', { name: 'Message body' });
    await waitFor(() => expect(body).toHaveTextContent('Shall we?'));
    expect(router.state.location.pathname).toMatch(uuidPath);

    // The caret is in the body, at its top: above the attribution line and the quote.
    await waitFor(() => expect(body).toHaveFocus());
    const caret = document.getSelection()!.anchorNode!;
    const caretBlock = (caret instanceof Element ? caret : caret.parentElement)!.closest('p');
    expect(caretBlock).toBe(body.querySelector('p'));
    expect(caretBlock?.closest('blockquote')).toBeNull();
    const prefill = api.requests.find((r) => r.url.pathname.includes('/compose/replyTo/'))!;
    expect(prefill.url.pathname).toBe('/api/u/0/compose/replyTo/id-inbox/7');
    expect(prefill.url.searchParams.get('mode')).toBe('replyAll');
    expect(prefill.url.searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

describe('attachments (composer limits)', () => {
  it('refuses an oversize file before uploading, naming the limit (in bytes when rounding would hide the excess)', async () => {
    const api = serveCompose();
    await renderApp('/u/0/compose');
    const composer = await screen.findByRole('region', { name: 'New message' });
    drop(composer, [fileOf('video.mp4', 'video/mp4', 20_971_521)]);
    expect(
      await screen.findByText('"video.mp4" is 20,971,521 B; one attachment can be at most 20,971,520 B.'),
    ).toBeInTheDocument();
    expect(api.requests.some((r) => r.url.pathname.endsWith('/compose/attachments'))).toBe(false);
  });

  it('refuses a TIFF inline image and one over 512,000 bytes, naming the limit', async () => {
    serveCompose();
    const { user } = await renderApp('/u/0/compose');
    const picker = await screen.findByLabelText('Insert image', { selector: 'input' });
    await user.upload(picker, fileOf('scan.tiff', 'image/tiff', 1000));
    expect(
      await screen.findByText('"scan.tiff" cannot be shown inline: image/tiff images are not allowed.'),
    ).toBeInTheDocument();
    await user.upload(picker, fileOf('photo.png', 'image/png', 512_001));
    expect(
      await screen.findByText(
        'The image "photo.png" is 512,001 B; an inline image can be at most 512,000 B.',
      ),
    ).toBeInTheDocument();
  });

  it('uploads a dropped file, and lets a failed upload be retried', async () => {
    const api = serveCompose();
    // jsdom's multipart body does not survive msw's interception (file name and bytes are lost), so this
    // server answers from what it is told rather than from the body.
    let calls = 0;
    server.use(
      http.post('/api/u/0/compose/attachments', ({ request }) => {
        calls += 1;
        if (calls === 1) return HttpResponse.json({ code: 'Internal', message: 'boom' }, { status: 500 });
        const draftId = new URL(request.url).searchParams.get('draftId');
        if (!draftId)
          return HttpResponse.json({ code: 'ValidationError', message: 'no draft' }, { status: 422 });
        return HttpResponse.json(
          {
            type: 'upload',
            id: 'up-1',
            filename: 'notes.txt',
            contentType: 'text/plain',
            size: 5,
            inline: false,
            contentId: null,
          },
          { status: 201 },
        );
      }),
    );
    const { user } = await renderApp('/u/0/compose');
    const composer = await screen.findByRole('region', { name: 'New message' });
    drop(composer, [new File(['hello'], 'notes.txt', { type: 'text/plain' })]);

    const list = await screen.findByRole('list', { name: 'Attachments' });
    expect(await within(list).findByText(/Upload failed/)).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Retry' }));
    expect(await within(list).findByRole('button', { name: 'Remove notes.txt' })).toBeInTheDocument();
    expect(within(list).getByText('5 B')).toBeInTheDocument();
    expect(calls).toBe(2);

    await user.click(within(list).getByRole('button', { name: 'Remove notes.txt' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Attachments' })).not.toBeInTheDocument());
    await waitFor(() =>
      expect(api.requests.some((r) => r.method === 'DELETE' && r.url.pathname.endsWith('/up-1'))).toBe(true),
    );
  });
});
