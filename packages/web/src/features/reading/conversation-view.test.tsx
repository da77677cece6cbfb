import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { defaultUserConfig, type UserConfig } from '@webmail/contracts';
import { shortcutsEnabled } from '../../shared/ui/keyboard-shortcuts';
import { mailApi, signIn, type MailState } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { sampleTree } from '../../test/folder.testing';
import { invalidateMailOfAnyFolder } from '../../shared/api/mail-change';
import { readingKeys } from './api/reading.keys';
import { buildSentDetail, buildThreadMessage, readingApi } from './conversation.testing';
import { massActionServer } from '../messages/mass-action.testing';
import { buildMessageDetail, buildMessageSummary } from '../messages/message.testing';

const alice = { name: 'Alice Example', address: 'alice@example.test' };
/** Fresh each test: the in-memory server changes the messages it is given (flags). */
function fixtures() {
  const first = buildMessageDetail(5, {
    from: alice,
    subject: 'Trip',
    seen: true,
    text: 'Shall we go on Friday?',
  });
  const reply = buildSentDetail(12, { subject: 'Re: Trip', seen: true, text: 'Yes, Friday works.' });
  const addressed = buildMessageDetail(7, {
    subject: 'Re: Trip',
    seen: true,
    text: 'Booked the tickets.',
    cc: [{ name: 'Carol', address: 'carol@example.test' }],
    bcc: [{ name: '', address: 'secret@example.test' }],
  });
  const unread = buildMessageDetail(8, {
    from: alice,
    subject: 'Re: Trip',
    seen: false,
    text: 'Great, thanks!',
  });
  return { first, reply, addressed, unread };
}

function setup(config: UserConfig = defaultUserConfig) {
  signIn(0);
  const { first, reply, addressed, unread } = fixtures();
  const state: MailState = {
    config,
    tree: sampleTree(),
    messages: {
      'id-inbox': [
        buildMessageSummary(9, { thread: 'thread-9' }),
        buildMessageSummary(7, { thread: 'thread-7' }),
        buildMessageSummary(4, { thread: 'thread-4' }),
      ],
    },
    details: { 5: first, 12: reply, 7: addressed, 8: unread },
  };
  const api = mailApi(state);
  const reading = readingApi({
    threads: { 'thread-7': [first, reply, addressed, unread].map((detail) => buildThreadMessage(detail)) },
  });
  const mass = massActionServer(state);
  server.use(...api.handlers, ...reading.handlers, mass.handler);
  return { api, reading, mass };
}

const scrollIntoView = vi.fn();
Element.prototype.scrollIntoView = scrollIntoView;
afterEach(() => scrollIntoView.mockClear());

describe('conversation view', () => {
  it('shows the thread oldest first: read ones folded, the addressed and unread ones open, scrolled to', async () => {
    const { reading } = setup();
    const { user } = await renderApp('/u/0/id-inbox/thread-7/7');

    const list = await screen.findByRole('list', { name: 'Messages in this conversation' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(items[0]!).getByRole('button', { expanded: false })).toHaveTextContent(
      /Shall we go on Friday/,
    );
    expect(within(items[1]!).getByRole('button', { expanded: false })).toHaveTextContent(
      /Me.*Yes, Friday works/,
    );
    const current = within(items[2]!).getByRole('article', { name: 'Message from Bob Builder' });
    expect(await within(current).findByText('Booked the tickets.')).toBeInTheDocument();
    expect(within(items[3]!).getByRole('article')).toBeInTheDocument();
    expect(await screen.findByText('Great, thanks!')).toBeInTheDocument();
    await waitFor(() => expect(scrollIntoView.mock.contexts).toContain(current));
    expect(reading.requests[0]?.url.search).toBe('?messageId=7');
    expect(screen.getByRole('heading', { level: 1, name: 'Re: Trip' })).toBeInTheDocument();

    await user.click(within(items[0]!).getByRole('button', { expanded: false }));
    const opened = await within(items[0]!).findByRole('article');
    expect(await within(opened).findByText('Shall we go on Friday?')).toBeInTheDocument();
    await user.click(within(opened).getByRole('button', { expanded: true, name: /Alice Example/ }));
    expect(within(items[0]!).queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows the date in the short form with the full date on hover, and expands the recipients', async () => {
    setup();
    const { user } = await renderApp('/u/0/id-inbox/thread-7/7');

    const current = await screen.findByRole('article', { name: 'Message from Bob Builder' });
    const time = current.querySelector('time');
    // In the user's time zone (Europe/Helsinki in the details), not the browser's.
    expect(time).toHaveAttribute('title', '08.01.2024 11:30');
    expect(time).toHaveTextContent('08/01/24');
    const toggle = await within(current).findByRole('button', { name: /to Me, Carol, secret@example.test/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(current).getByText('Carol <carol@example.test>')).toBeInTheDocument();
    expect(within(current).getByText('secret@example.test')).toBeInTheDocument();
    expect(within(current).getByText('Bcc:')).toBeInTheDocument();
  });

  it('links reply, reply all and forward to the composer with the message', async () => {
    setViewportWidth(1440);
    // A conversation wider than 600 px keeps all three in its toolbar (jsdom lays nothing out: 400 px by default).
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(900);
    onTestFinished(() => void vi.restoreAllMocks());
    setup();
    await renderApp('/u/0/id-inbox/thread-7/7');

    const current = await screen.findByRole('article', { name: 'Message from Bob Builder' });
    const bar = within(current).getByRole('toolbar', { name: 'Message actions' });
    const href = (mode: string) => `/u/0/compose?mode=${mode}&mailboxId=id-inbox&messageId=7`;
    expect(within(bar).getByRole('link', { name: 'Reply' })).toHaveAttribute('href', href('reply'));
    expect(within(bar).getByRole('link', { name: 'Reply all' })).toHaveAttribute('href', href('replyAll'));
    expect(within(bar).getByRole('link', { name: 'Forward' })).toHaveAttribute('href', href('forward'));
  });

  it('offers reply all, forward, print, source and new tab in the menu on phones', async () => {
    setup();
    const { user } = await renderApp('/u/0/id-inbox/thread-7/7');

    const items = await screen.findAllByRole('listitem');
    const sent = items[1]!;
    await user.click(within(sent).getByRole('button', { expanded: false }));
    const article = await within(sent).findByRole('article');
    await user.click(within(article).getByRole('button', { name: 'More actions' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Forward' })).toHaveAttribute(
      'href',
      '/u/0/compose?mode=forward&mailboxId=id-sent&messageId=12',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Print' })).toHaveAttribute(
      'href',
      '/u/0/tab/id-sent/messages/12/print',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Show source' })).toHaveAttribute('target', '_blank');
    expect(within(menu).getByRole('menuitem', { name: 'Open in new tab' })).toHaveAttribute(
      'href',
      '/u/0/tab/id-sent/thread-7/12',
    );
  });

  it('runs the registry actions on one message of the thread in its own folder', async () => {
    const { mass } = setup();
    const { user } = await renderApp('/u/0/id-inbox/thread-7/7');

    const current = await screen.findByRole('article', { name: 'Message from Bob Builder' });
    await user.click(within(current).getByRole('button', { name: 'Star' }));
    await waitFor(() => expect(mass.requests[0]).toMatchObject({ action: 'flagged' }));
    expect(mass.requests[0]?.messages).toEqual([{ messageId: 7, mailboxId: 'id-inbox' }]);
    expect(await within(current).findByRole('button', { name: 'Remove star' })).toBeInTheDocument();

    await user.click(within(current).getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    await waitFor(() => expect(mass.requests[1]).toMatchObject({ action: 'archive' }));
  });

  it.each([
    ['next', '/u/0/id-inbox/thread-4/4'],
    ['previous', '/u/0/id-inbox/thread-9/9'],
    ['list', '/u/0/id-inbox'],
  ] as const)(
    'after deleting the open message goes where the General settings say (%s)',
    async (afterRemove, to) => {
      const { mass } = setup({ ...defaultUserConfig, afterRemove });
      const { user, router } = await renderApp('/u/0/id-inbox/thread-7/7');
      await screen.findByRole('link', { name: 'Next message' });

      const current = await screen.findByRole('article', { name: 'Message from Bob Builder' });
      await user.click(within(current).getByRole('button', { name: 'More actions' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
      await waitFor(() => expect(mass.requests[0]).toMatchObject({ action: 'trash' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(to));
    },
    30_000,
  );

  it('leaves j / k alone while keyboard shortcuts are off', async () => {
    setup({ ...defaultUserConfig, shortcuts: false });
    const { user, router } = await renderApp('/u/0/id-inbox/thread-7/7');
    await screen.findByRole('article', { name: 'Message from Bob Builder' });
    await waitFor(() => expect(shortcutsEnabled()).toBe(false));
    await user.keyboard('j');
    expect(router.state.location.pathname).toBe('/u/0/id-inbox/thread-7/7');
  });

  it('moves to the previous and next message of the list with the buttons and j / k', async () => {
    setup();
    const { user, router } = await renderApp('/u/0/id-inbox/thread-7/7');

    expect(await screen.findByRole('link', { name: 'Previous message' })).toHaveAttribute(
      'href',
      '/u/0/id-inbox/thread-9/9',
    );
    expect(screen.getByRole('link', { name: 'Next message' })).toHaveAttribute(
      'href',
      '/u/0/id-inbox/thread-4/4',
    );
    await screen.findByRole('article', { name: 'Message from Bob Builder' });
    await user.keyboard('j');
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/id-inbox/thread-4/4'));
  });

  it("unfolds by the server's flags, not by an older copy that calls read messages unread", async () => {
    setup();
    const { first, reply, addressed, unread } = fixtures();
    const stale = [first, reply, addressed, unread].map((detail) =>
      buildThreadMessage(detail, { seen: false }),
    );
    await renderApp('/u/0/id-inbox/thread-7/7', {
      seedCache: (queryClient) =>
        queryClient.setQueryData(readingKeys.thread(0, 'id-inbox', 'thread-7', 7), {
          thread: 'thread-7',
          messages: stale,
        }),
    });

    const list = await screen.findByRole('list', { name: 'Messages in this conversation' });
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(2));
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('button', { expanded: false })).toHaveTextContent(
      /Shall we go on Friday/,
    );
    expect(within(items[1]!).getByRole('button', { expanded: false })).toHaveTextContent(/Yes, Friday works/);
  });

  it('marks the unread message read when it opens', async () => {
    const { api } = setup();
    await renderApp('/u/0/id-inbox/thread-7/7');

    await screen.findByText('Great, thanks!');
    await waitFor(() =>
      expect(api.requests.find((r) => r.method === 'PATCH' && r.url.pathname.endsWith('/8'))?.body).toEqual({
        seen: true,
      }),
    );
  });

  it('says so when the conversation does not exist, with a way back', async () => {
    setup();
    const { user, router } = await renderApp('/u/0/id-inbox/thread-99/99');

    expect(await screen.findByText(/this message was not found/i)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to the list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/id-inbox'));
  });

  it('moved away by another device or a search-wide action: says so in place, with no request-failed notice', async () => {
    const { reading } = setup();
    const { queryClient } = await renderApp('/u/0/id-inbox/thread-7/7');
    await screen.findByText('Booked the tickets.');

    // The conversation is gone from its folder; a refresh of every mail view (as after a live event) answers 404.
    reading.state.threads = {};
    await invalidateMailOfAnyFolder(queryClient, 0);

    expect(await screen.findByText(/moved or deleted since you opened it/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the list' })).toBeInTheDocument();
    expect(screen.getByText('Booked the tickets.')).toBeInTheDocument();
    expect(screen.queryByText(/request failed/i)).not.toBeInTheDocument();
  });
});
