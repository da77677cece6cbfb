import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { sampleTree } from '../../test/folder.testing';
import { buildMessageDetail, buildMessageSummaries, buildMessageSummary } from '../messages/message.testing';
import { buildThreadMessage, readingApi } from '../reading/conversation.testing';
import { installFakeEventSource } from './event-source.testing';

async function openMailbox(path = '/u/0/id-inbox', rows = buildMessageSummaries(3)) {
  signIn(0);
  setViewportWidth(1440);
  const opened = buildMessageDetail(2, { seen: true, flagged: false });
  const api = mailApi({ tree: sampleTree(), messages: { 'id-inbox': rows }, details: { 2: opened } });
  server.use(
    ...api.handlers,
    ...readingApi({ threads: { 'thread-2': [buildThreadMessage(opened)] } }).handlers,
  );
  const sources = installFakeEventSource();
  const rendered = await renderApp(path);
  const list = await screen.findByRole('list', { name: 'Messages in Inbox' });
  await waitFor(() => expect(sources.all).toHaveLength(1));
  const stream = sources.latest();
  stream.open();
  const reads = (pathname: string) => api.requests.filter((r) => r.url.pathname === pathname).length;
  return { ...rendered, api, stream, list, reads };
}

const rowNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((row) => row.getAttribute('aria-label') ?? row.textContent);
const folders = () => screen.getByRole('navigation', { name: 'Folders' });

describe('live mail events', () => {
  afterEach(() => vi.useRealTimers());

  it('puts a new message on top of the open list at once, without a request, and updates the count and title', async () => {
    const { stream, list, reads } = await openMailbox();
    const listReads = reads('/api/u/0/mailbox/id-inbox/messages');
    const treeReads = reads('/api/u/0/mailbox');
    await waitFor(() => expect(document.title).toBe('(3) Inbox - Webmail'));

    stream.send({ command: 'COUNTERS', counters: [{ mailboxId: 'id-inbox', unseen: 4, total: 121 }] });
    stream.send({
      command: 'EXISTS',
      mailboxId: 'id-inbox',
      messages: [
        buildMessageSummary(500, { subject: 'Fresh news', seen: false, date: new Date().toISOString() }),
      ],
    });

    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    expect(within(list).getAllByRole('listitem')[0]).toHaveAccessibleName(/, Fresh news, .*, Unread/);
    expect(screen.getByText('4 messages')).toBeInTheDocument();
    expect(within(folders()).getByRole('link', { name: 'Inbox, 4 unread' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('(4) Inbox - Webmail'));
    expect(reads('/api/u/0/mailbox/id-inbox/messages')).toBe(listReads);
    expect(reads('/api/u/0/mailbox')).toBe(treeReads);
  });

  it('keeps the selection when a new message arrives, and shows each message once', async () => {
    const { stream, list, user } = await openMailbox();
    await user.click(within(list).getAllByRole('checkbox')[1]!);
    const fresh = buildMessageSummary(500, { subject: 'Fresh news', date: new Date().toISOString() });

    stream.send({ command: 'EXISTS', mailboxId: 'id-inbox', messages: [fresh] });
    stream.send({ command: 'EXISTS', mailboxId: 'id-inbox', messages: [fresh] });

    await waitFor(() => expect(rowNames(list)).toHaveLength(4));
    const checked = within(list)
      .getAllByRole('checkbox')
      .map((box) => box.getAttribute('aria-checked'));
    expect(checked).toEqual(['false', 'false', 'true', 'false']);
    expect(screen.getByText('1 selected')).toBeInTheDocument();
  });

  it('keeps the rows the reader looks at in place when mail arrives above them', async () => {
    const { stream, list } = await openMailbox(undefined, buildMessageSummaries(40));
    const scroller = list.parentElement!;
    scroller.scrollTop = 10 * 76;

    stream.send({
      command: 'EXISTS',
      mailboxId: 'id-inbox',
      messages: [buildMessageSummary(500, { date: new Date().toISOString() })],
    });

    await waitFor(() => expect(scroller.scrollTop).toBe(11 * 76));
  });

  it('takes out the rows of messages expunged elsewhere', async () => {
    const { stream, list } = await openMailbox();
    stream.send({ command: 'EXPUNGE', mailboxId: 'id-inbox', uids: [2] });
    await waitFor(() => expect(rowNames(list)).toHaveLength(2));
    expect(screen.queryByText('Message number 2')).not.toBeInTheDocument();
    expect(screen.getByText('2 messages')).toBeInTheDocument();
  });

  it('shows flags set elsewhere on the row and on the open message, and changes nothing when they match', async () => {
    const { stream, list, reads } = await openMailbox('/u/0/id-inbox/thread-2/2');
    const star = await screen.findAllByRole('button', { name: 'Star' });
    expect(star.length).toBeGreaterThan(0);
    const detailReads = reads('/api/u/0/mailbox/id-inbox/messages/2');

    stream.send({
      command: 'FETCH',
      mailboxId: 'id-inbox',
      changes: [{ uid: 2, seen: false, flagged: true, answered: false }],
    });

    await waitFor(() => expect(within(list).getAllByRole('listitem')[1]).toHaveAccessibleName(/, Unread/));
    const row = within(list).getAllByRole('listitem')[1]!;
    expect(within(row).getByRole('button', { name: 'Remove star' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Remove star' }).length).toBeGreaterThan(1);
    expect(reads('/api/u/0/mailbox/id-inbox/messages/2')).toBe(detailReads);

    // The same flags again (an echo of what is shown): nothing is read, nothing changes.
    const listReads = reads('/api/u/0/mailbox/id-inbox/messages');
    stream.send({
      command: 'FETCH',
      mailboxId: 'id-inbox',
      changes: [{ uid: 2, seen: false, flagged: true, answered: false }],
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads('/api/u/0/mailbox/id-inbox/messages/2')).toBe(detailReads);
    expect(reads('/api/u/0/mailbox/id-inbox/messages')).toBe(listReads);
    expect(within(list).getAllByRole('listitem')[1]).toBe(row);
  });

  it('does not fight an optimistic change in flight: flags reported from before it change nothing on screen', async () => {
    const { stream, list, user } = await openMailbox();
    server.use(
      // A slow server; then the fake API's own handler stores the star.
      http.patch('/api/u/0/mailbox/id-inbox/messages/3', () => delay(300)),
    );
    const row = () => within(list).getAllByRole('listitem')[0]!;
    await user.click(within(row()).getByRole('button', { name: 'Star' }));
    expect(within(row()).getByRole('button', { name: 'Remove star' })).toBeInTheDocument();

    // The mail server's report of the state before the click arrives while the request is on its way.
    stream.send({
      command: 'FETCH',
      mailboxId: 'id-inbox',
      changes: [{ uid: 3, seen: true, flagged: false, answered: false }],
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(within(row()).getByRole('button', { name: 'Remove star' })).toBeInTheDocument();
    // Then the report of the change itself: the row already shows it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    stream.send({
      command: 'FETCH',
      mailboxId: 'id-inbox',
      changes: [{ uid: 3, seen: true, flagged: true, answered: false }],
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(row()).getByRole('button', { name: 'Remove star' })).toBeInTheDocument();
  });

  it('batches entity events: a burst of folder changes reads the folder tree once, 500 ms after the last', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { stream, reads } = await openMailbox();
    const before = reads('/api/u/0/mailbox');

    stream.send({ command: 'folderCreate', mailboxId: 'x' }, 1);
    await act(() => vi.advanceTimersByTimeAsync(300));
    stream.send({ command: 'folderRename', mailboxId: 'x' }, 2);
    stream.send({ command: 'folderUpdate', mailboxId: '' });
    await act(() => vi.advanceTimersByTimeAsync(450));
    expect(reads('/api/u/0/mailbox')).toBe(before);

    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(reads('/api/u/0/mailbox')).toBe(before + 1));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(reads('/api/u/0/mailbox')).toBe(before + 1);
  });

  it("a folder's update (its UIDs reset, or too many flags changed to patch) reads its list again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { stream, reads } = await openMailbox();
    const before = reads('/api/u/0/mailbox/id-inbox/messages');

    stream.send({ command: 'folderUpdate', mailboxId: 'id-inbox' });
    await act(() => vi.advanceTimersByTimeAsync(600));
    await waitFor(() => expect(reads('/api/u/0/mailbox/id-inbox/messages')).toBe(before + 1));
  });

  it("a new stream's counts that moved since the tree was read correct it and read the folder's list again; unmoved ones change nothing", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { stream, reads } = await openMailbox();
    const before = { tree: reads('/api/u/0/mailbox'), list: reads('/api/u/0/mailbox/id-inbox/messages') };

    stream.send({ command: 'connected', counters: [{ mailboxId: 'id-inbox', unseen: 3, total: 120 }] }, 1);
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(reads('/api/u/0/mailbox/id-inbox/messages')).toBe(before.list);

    // Mail came between the page's first read and live mail starting: nothing reported it.
    stream.send({ command: 'connected', counters: [{ mailboxId: 'id-inbox', unseen: 4, total: 121 }] }, 2);
    expect(await within(folders()).findByRole('link', { name: 'Inbox, 4 unread' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(600));
    await waitFor(() => expect(reads('/api/u/0/mailbox/id-inbox/messages')).toBe(before.list + 1));
    expect(reads('/api/u/0/mailbox')).toBe(before.tree);
  });

  it('reads everything of the user again on resync, and only logs a command it does not know', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const { stream, reads } = await openMailbox();
    const before = { tree: reads('/api/u/0/mailbox'), list: reads('/api/u/0/mailbox/id-inbox/messages') };

    stream.send({ command: 'somethingNew', id: 'z' }, 9);
    expect(debug).toHaveBeenCalledWith('event stream:', 'unknown command', 'somethingNew');

    stream.send({ command: 'resync' }, 10);
    await waitFor(() => expect(reads('/api/u/0/mailbox')).toBe(before.tree + 1));
    await waitFor(() => expect(reads('/api/u/0/mailbox/id-inbox/messages')).toBe(before.list + 1));
  });
});
