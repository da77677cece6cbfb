import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { sampleTree } from '../mailboxes/folder.testing';
import { buildMessageDetail, buildMessageSummary } from './message.testing';

const htmlMessage = () =>
  buildMessageDetail(7, {
    subject: 'Holiday photos',
    seen: false,
    html: '<p>Look at <b>these</b></p>',
    text: 'Look at these',
    remoteContentBlocked: true,
    cc: [{ name: 'Carol', address: 'carol@example.test' }],
    attachments: [
      {
        id: '2',
        filename: 'beach.jpg',
        contentType: 'image/jpeg',
        size: 2048,
        disposition: 'attachment',
        related: false,
        contentId: null,
      },
      {
        id: '3',
        filename: 'logo.png',
        contentType: 'image/png',
        size: 100,
        disposition: 'inline',
        related: true,
        contentId: '<l>',
      },
    ],
  });

function setup() {
  signIn(0);
  const api = mailApi({
    tree: sampleTree(),
    messages: { 'id-inbox': [buildMessageSummary(7, { subject: 'Holiday photos', seen: false })] },
    details: {
      7: htmlMessage(),
      8: buildMessageDetail(8, { subject: 'Plain one', seen: true, text: 'Line one\nLine two' }),
    },
  });
  server.use(...api.handlers);
  return api;
}

describe('message view', () => {
  it('shows the HTML body in a sandboxed frame with a CSP and no scripts', async () => {
    setup();
    await renderApp('/u/0/id-inbox/thread-7/7');

    expect(await screen.findByRole('heading', { name: 'Holiday photos' })).toBeInTheDocument();
    const frame = screen.getByTitle('Message content');
    expect(frame.getAttribute('sandbox')).toBe(
      'allow-same-origin allow-popups allow-popups-to-escape-sandbox',
    );
    const srcdoc = frame.getAttribute('srcdoc') ?? '';
    expect(srcdoc).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">`,
    );
    expect(srcdoc).toContain('<p>Look at <b>these</b></p>');
    expect(screen.getByText(/remote content .* was hidden/i)).toBeInTheDocument();
    expect(screen.getByText('Cc: Carol <carol@example.test>')).toBeInTheDocument();
    expect(document.title).toBe('Holiday photos - Webmail');
  });

  it('lists real attachments as download links and leaves out inline images', async () => {
    setup();
    await renderApp('/u/0/id-inbox/thread-7/7');

    const section = await screen.findByRole('region', { name: '1 attachment' });
    const link = within(section).getByRole('link', { name: 'Download beach.jpg (2.00 KiB)' });
    expect(link).toHaveAttribute('href', '/api/u/0/mailbox/id-inbox/messages/7/attachments/2');
    expect(link).toHaveAttribute('download', 'beach.jpg');
    expect(screen.queryByText('logo.png')).not.toBeInTheDocument();
  });

  it('marks an unseen message seen and updates the list and the folder count', async () => {
    setViewportWidth(1280);
    const api = setup();
    await renderApp('/u/0/id-inbox/thread-7/7');

    await waitFor(() => expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ seen: true }));
    const nav = screen.getByRole('navigation', { name: 'Folders' });
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: /^Inbox/ })).toHaveAccessibleName('Inbox, 2 unread'),
    );
    const row = screen.getByRole('listitem', { name: /Holiday photos/ });
    expect(row).not.toHaveAccessibleName(/Unread/);
  });

  it('shows plain text when there is no HTML, with a back button on small screens', async () => {
    setup();
    const { user, router } = await renderApp('/u/0/id-inbox/thread-8/8');

    expect(await screen.findByText(/Line one\s+Line two/)).toBeInTheDocument();
    expect(screen.queryByTitle('Message content')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/id-inbox'));
  });

  it('says so when the message does not exist', async () => {
    setup();
    await renderApp('/u/0/id-inbox/thread-9/9');

    expect(await screen.findByText(/this message was not found/i)).toBeInTheDocument();
  });
});
