import { screen, waitFor, within } from '@testing-library/react';
import type { MessageDetail } from '@webmail/contracts';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { sampleTree } from '../../test/folder.testing';
import { externalContentApi } from '../settings/external-content.testing';
import { buildThreadMessage, readingApi } from './conversation.testing';
import { buildMessageDetail } from '../messages/message.testing';

const alice = { name: 'Alice Example', address: 'alice@example.test' };
const image = (id: string, filename: string, related = false) => ({
  id,
  filename,
  contentType: related ? 'image/png' : 'image/jpeg',
  size: 2048,
  disposition: related ? ('inline' as const) : ('attachment' as const),
  related,
  contentId: related ? '<l>' : null,
});

/** One message alone in its conversation; `shown` is what `?remoteContent=show` and an allowed sender answer. */
function setup(detail: MessageDetail, shown?: MessageDetail) {
  signIn(0);
  const state = { tree: sampleTree(), messages: {}, details: { [detail.id]: detail } };
  const api = mailApi(state);
  const reading = readingApi({
    threads: { [detail.thread]: [buildThreadMessage(detail)] },
    shown: shown ? { [detail.id]: shown } : {},
  });
  const settings = externalContentApi(undefined, () => {
    if (shown) state.details[detail.id] = shown;
  });
  server.use(...reading.handlers, ...api.handlers, ...settings.handlers);
  return { api, reading, settings };
}

const newsletter = (overrides: Partial<MessageDetail> = {}) =>
  buildMessageDetail(7, {
    from: alice,
    subject: 'Newsletter',
    html: '<p>Look at <b>these</b></p>',
    text: 'Look at these',
    remoteContent: 'blocked',
    remoteContentBlocked: true,
    externalContentMode: 'ask',
    ...overrides,
  });

describe('message content', () => {
  it('shows the HTML body in a frame sandboxed without scripts, with the CSP inside', async () => {
    setup(newsletter());
    await renderApp('/u/0/id-inbox/thread-7/7');

    const frame = await screen.findByTitle('Message content');
    const sandbox = frame.getAttribute('sandbox') ?? '';
    expect(sandbox.split(' ')).not.toContain('allow-scripts');
    expect(sandbox).toBe('allow-same-origin allow-popups allow-popups-to-escape-sandbox');
    const srcdoc = frame.getAttribute('srcdoc') ?? '';
    expect(srcdoc).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: ${window.location.origin}; style-src 'unsafe-inline'">`,
    );
    expect(srcdoc).toContain('<p>Look at <b>these</b></p>');
    expect(document.title).toBe('(3) Newsletter - Webmail');
  });

  it('shows held-back remote content once on request', async () => {
    const { reading } = setup(
      newsletter(),
      newsletter({ remoteContent: 'shown', remoteContentBlocked: false }),
    );
    const { user } = await renderApp('/u/0/id-inbox/thread-7/7');

    expect(await screen.findByText('Remote content is hidden to protect your privacy.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show once' }));
    await waitFor(() =>
      expect(screen.queryByText('Remote content is hidden to protect your privacy.')).not.toBeInTheDocument(),
    );
    expect(reading.requests.map((r) => r.url.search)).toContain('?remoteContent=show');
  });

  it('always shows remote content from a sender once allowed, and reads the message again', async () => {
    const { api, settings } = setup(
      newsletter(),
      newsletter({ remoteContent: 'shown', remoteContentBlocked: false }),
    );
    const { user } = await renderApp('/u/0/id-inbox/thread-7/7');

    await user.click(await screen.findByRole('button', { name: 'Always from alice@example.test' }));
    await waitFor(() =>
      expect(screen.queryByText('Remote content is hidden to protect your privacy.')).not.toBeInTheDocument(),
    );
    expect(settings.requests).toEqual([
      expect.objectContaining({ method: 'POST', body: { address: 'alice@example.test' } }),
    ]);
    const reads = api.requests.filter((r) => r.method === 'GET' && r.url.pathname.endsWith('/messages/7'));
    expect(reads).toHaveLength(2);
  });

  it('offers no bar when the mode is never', async () => {
    setup(newsletter({ externalContentMode: 'never' }));
    await renderApp('/u/0/id-inbox/thread-7/7');

    await screen.findByTitle('Message content');
    expect(screen.queryByRole('button', { name: 'Show once' })).not.toBeInTheDocument();
  });

  it('makes links in plain text clickable and folds the quotation', async () => {
    const text =
      'See https://example.com/docs.\nOr javascript:alert(1)\n\nOn Monday Bob wrote:\n> quoted line\n> more';
    setup(buildMessageDetail(7, { from: alice, text }));
    const { user } = await renderApp('/u/0/id-inbox/thread-7/7');

    const link = await screen.findByRole('link', { name: 'https://example.com/docs' });
    expect(link).toHaveAttribute('href', 'https://example.com/docs');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: /javascript/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/quoted line/)).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Show quoted text' });
    await user.click(toggle);
    expect(screen.getByText(/> quoted line/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide quoted text' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('lists attachments without the inline ones, previews an image and downloads all as a zip', async () => {
    const attachments = [
      image('2', 'beach.jpg'),
      image('3', 'logo.png', true),
      { ...image('4', 'notes.txt'), contentType: 'text/plain', size: 100 },
    ];
    setup(buildMessageDetail(7, { from: alice, attachments }));
    const { user } = await renderApp('/u/0/id-inbox/thread-7/7');

    const section = await screen.findByRole('region', { name: '2 attachments' });
    expect(within(section).getByRole('link', { name: 'Download all' })).toHaveAttribute(
      'href',
      '/api/u/0/mailbox/id-inbox/messages/7/attachments.zip',
    );
    expect(within(section).getByRole('link', { name: 'Download notes.txt (100 B)' })).toHaveAttribute(
      'href',
      '/api/u/0/mailbox/id-inbox/messages/7/attachments/4',
    );
    expect(within(section).queryByText('logo.png')).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Preview beach.jpg (2.00 KiB)' }));
    const dialog = await screen.findByRole('dialog', { name: 'beach.jpg' });
    expect(within(dialog).getByRole('img', { name: 'beach.jpg' })).toHaveAttribute(
      'src',
      '/api/u/0/mailbox/id-inbox/messages/7/attachments/2',
    );
    expect(within(dialog).getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'beach.jpg');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('has no download-all for a single attachment', async () => {
    setup(buildMessageDetail(7, { from: alice, attachments: [image('2', 'beach.jpg')] }));
    await renderApp('/u/0/id-inbox/thread-7/7');

    const section = await screen.findByRole('region', { name: '1 attachment' });
    expect(within(section).queryByRole('link', { name: 'Download all' })).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Download beach.jpg (2.00 KiB)' })).toBeInTheDocument();
  });

  it('previews a PDF from its bytes in a frame', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:http://localhost/pdf-1');
    const revokeObjectURL = vi.fn();
    // jsdom has no blob: URLs.
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    onTestFinished(() => void Object.assign(URL, original));
    const pdf = { ...image('2', 'report.pdf'), contentType: 'application/pdf' };
    const { reading } = setup(buildMessageDetail(7, { from: alice, attachments: [pdf] }));
    const { user } = await renderApp('/u/0/id-inbox/thread-7/7');

    await user.click(await screen.findByRole('button', { name: 'Preview report.pdf (2.00 KiB)' }));
    const dialog = await screen.findByRole('dialog', { name: 'report.pdf' });
    const frame = await within(dialog).findByTitle('report.pdf');
    expect(frame).toHaveAttribute('src', 'blob:http://localhost/pdf-1');
    expect(createObjectURL.mock.calls[0]?.[0].type).toBe('application/pdf');
    expect(reading.requests.some((r) => r.url.pathname.endsWith('/attachments/2'))).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/pdf-1'));
  });

  it('shows enclosed messages with their headers and bodies instead of "no content"', async () => {
    const enclosed = (n: number, body: { html?: string; text?: string }) => ({
      part: String(n),
      from: { name: `Inner ${n}`, address: `inner${n}@example.test` },
      to: [alice],
      cc: [],
      date: '2024-01-0' + n + 'T08:00:00.000Z',
      subject: `Enclosed ${n}`,
      html: body.html ?? null,
      text: body.text ?? null,
    });
    setup(
      buildMessageDetail(7, {
        from: alice,
        html: null,
        text: null,
        enclosed: [
          enclosed(1, { text: 'First enclosed text' }),
          enclosed(2, { html: '<p>Second <b>enclosed</b></p>' }),
        ],
      }),
    );
    await renderApp('/u/0/id-inbox/thread-7/7');

    const blocks = await screen.findAllByRole('region', { name: 'Enclosed message' });
    expect(blocks).toHaveLength(2);
    expect(within(blocks[0]!).getByText('Inner 1 <inner1@example.test>')).toBeInTheDocument();
    expect(within(blocks[0]!).getByText('Enclosed 1')).toBeInTheDocument();
    expect(within(blocks[0]!).getByText('First enclosed text')).toBeInTheDocument();
    expect(within(blocks[0]!).getByText('Subject:')).toBeInTheDocument();
    const frame = within(blocks[1]!).getByTitle('Content of the enclosed message');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Second <b>enclosed</b></p>');
    expect(screen.queryByText('This message has no content.')).not.toBeInTheDocument();
  });
});
