import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildSentDetail, buildThreadMessage, readingApi } from '../../features/reading/conversation.testing';
import { buildMessageDetail } from '../../features/messages/message.testing';
import { sampleTree } from '../../test/folder.testing';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';

const source = 'From: Alice <alice@example.test>\r\nSubject: Hello\r\n\r\nHi there\r\n';

function setup() {
  signIn(0);
  const first = buildMessageDetail(7, { subject: 'Lunch', text: 'Lunch at noon?\n\n> earlier words' });
  const second = buildSentDetail(12, { subject: 'Re: Lunch', text: 'Yes!' });
  const api = mailApi({ tree: sampleTree(), messages: {}, details: { 7: first, 12: second } });
  const reading = readingApi({
    threads: { 'thread-7': [buildThreadMessage(first), buildThreadMessage(second)] },
    sources: { 7: source },
  });
  server.use(...api.handlers, ...reading.handlers);
  return { api, reading };
}

describe('tab layout (BaseLayoutTab)', () => {
  it('shows the conversation without the sidebar, with the logo and the account', async () => {
    setup();
    await renderApp('/u/0/tab/id-inbox/thread-7/7');

    expect(await screen.findByRole('heading', { level: 1, name: 'Lunch' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Webmail home' })).toHaveAttribute('href', '/u/0');
    expect(await screen.findByRole('button', { name: /^Account/ })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Folders' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open in new tab' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to list' })).not.toBeInTheDocument();
  });

  it('follows the session rule', async () => {
    const { router } = await renderApp('/u/0/tab/id-inbox/messages/7/source');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login/password'));
    expect(router.state.location.search).toBe('?reason=missingExpiryCookie');
  });

  it('shows the source as text with an .eml download', async () => {
    setup();
    await renderApp('/u/0/tab/id-inbox/messages/7/source');

    const text = await screen.findByLabelText('Raw message');
    expect(text.tagName).toBe('PRE');
    expect(text.textContent).toBe(source);
    expect(screen.getByRole('link', { name: 'Download .eml' })).toHaveAttribute(
      'href',
      '/api/u/0/mailbox/id-inbox/messages/7/source?download=1',
    );
    expect(document.title).toBe('Message source - Webmail');
  });

  it('prints one message with its headers, once it is loaded', async () => {
    setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await renderApp('/u/0/tab/id-inbox/messages/7/print');

    const article = await screen.findByRole('article');
    expect(within(article).getByText('Subject:')).toBeInTheDocument();
    expect(within(article).getByText('Lunch at noon?')).toBeInTheDocument();
    expect(within(article).getByText(/> earlier words/)).toBeInTheDocument();
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    print.mockRestore();
  });

  it('prints the whole conversation, oldest first', async () => {
    const { reading } = setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await renderApp('/u/0/tab/id-inbox/thread-7/print?messageId=7');

    expect(await screen.findByRole('heading', { level: 1, name: 'Lunch' })).toBeInTheDocument();
    const articles = await screen.findAllByRole('article');
    expect(articles).toHaveLength(2);
    expect(within(articles[1]!).getByText('Yes!')).toBeInTheDocument();
    expect(reading.requests[0]?.url.search).toBe('?messageId=7');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    print.mockRestore();
  });

  it('prints the conversation at the spec address, which names the thread alone', async () => {
    const { reading } = setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { router } = await renderApp('/u/0/tab/id-inbox/thread-7/print');

    expect(await screen.findByRole('heading', { level: 1, name: 'Lunch' })).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/u/0/tab/id-inbox/thread-7/print');
    expect(reading.requests[0]?.url.search).toBe('');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    print.mockRestore();
  });
});
