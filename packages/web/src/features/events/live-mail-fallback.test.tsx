import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { sampleTree } from '../../test/folder.testing';
import { buildMessageSummaries } from '../messages/message.testing';
import { installFakeEventSource } from './event-source.testing';

async function openInbox() {
  signIn(0);
  setViewportWidth(1440);
  const api = mailApi({ tree: sampleTree(), messages: { 'id-inbox': buildMessageSummaries(3) } });
  server.use(...api.handlers);
  const sources = installFakeEventSource();
  await renderApp('/u/0/id-inbox');
  await screen.findByRole('list', { name: 'Messages in Inbox' });
  await waitFor(() => expect(sources.all).toHaveLength(1));
  sources.latest().open();
  const listReads = () =>
    api.requests.filter((r) => r.method === 'GET' && r.url.pathname.endsWith('/mailbox/id-inbox/messages'))
      .length;
  return { api, sources, listReads };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const notice = (seconds: number) => `Live updates are off; the list refreshes every ${seconds} s`;

// Each test moves the clock through several polls of a fully rendered app: slow on a loaded machine.
describe('live mail off', { timeout: 40_000 }, () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('shows a notice and reads the open folder every pollSeconds until live mail is on again', async () => {
    const { sources, listReads } = await openInbox();
    sources.latest().send({ command: 'liveMail', on: false, pollSeconds: 20 });
    expect(await screen.findByText(notice(20))).toBeInTheDocument();

    const before = listReads();
    await advance(20_000);
    await waitFor(() => expect(listReads()).toBe(before + 1));
    await advance(20_000);
    await waitFor(() => expect(listReads()).toBe(before + 2));

    sources.latest().send({ command: 'liveMail', on: true, pollSeconds: 20 });
    await waitFor(() => expect(screen.queryByText(notice(20))).not.toBeInTheDocument());
    const after = listReads();
    await advance(40_000);
    expect(listReads()).toBe(after);
  });

  it('"Refresh now" reads the folder at once; the notice is not an alert and blocks nothing', async () => {
    const { sources, listReads } = await openInbox();
    sources.latest().send({ command: 'liveMail', on: false, pollSeconds: 30 });
    await screen.findByText(notice(30));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const before = listReads();
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('button', { name: 'Refresh now' }));
    await waitFor(() => expect(listReads()).toBe(before + 1));
  });

  it('a server going away asks for a reconnect: a new stream resumes after the last event, without a notice', async () => {
    const { sources } = await openInbox();
    sources.latest().send({ command: 'folderOrder' }, 57);
    const leaving = sources.latest();
    leaving.send({ command: 'reconnect' });
    // The old stream is closed at once by the client, so the server ending it is no error.
    expect(leaving.closed).toBe(true);
    await advance(1300);
    await waitFor(() => expect(sources.all).toHaveLength(2));
    expect(sources.latest().url).toBe('/api/u/0?lastEventId=57');
    sources.latest().open();
    expect(screen.queryByText('Connection broken, retrying…')).not.toBeInTheDocument();
    expect(screen.queryByText('Connection re-established')).not.toBeInTheDocument();
  });

  it('a stream refused with 429 waits out its Retry-After instead of retrying every 5 s and giving up', async () => {
    const { sources } = await openInbox();
    server.use(
      http.get('/api/u/0', () => new HttpResponse(null, { status: 429, headers: { 'Retry-After': '40' } })),
    );
    sources.latest().fail();
    await advance(5000);
    await waitFor(() => expect(sources.all).toHaveLength(2));
    for (let refusal = 0; refusal < 7; refusal += 1) {
      const count = sources.all.length;
      sources.latest().fail();
      await advance(39_000);
      expect(sources.all).toHaveLength(count);
      await advance(1000);
      await waitFor(() => expect(sources.all).toHaveLength(count + 1));
    }
    expect(screen.queryByText('Reconnect failed')).not.toBeInTheDocument();
    sources.latest().open();
    expect(await screen.findByText('Connection re-established')).toBeInTheDocument();
  });
});
