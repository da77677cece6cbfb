import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { setCookie } from '../../test/cookies';
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
  const rendered = await renderApp('/u/0/id-inbox');
  await screen.findByRole('list', { name: 'Messages in Inbox' });
  await waitFor(() => expect(sources.all).toHaveLength(1));
  sources.latest().open();
  return { ...rendered, api, sources };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('event stream notices', () => {
  // Time moves on its own (requests, rendering) and jumps where a test says so.
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('opens one stream of the shown user, with credentials', async () => {
    const { sources } = await openInbox();
    expect(sources.latest().url).toBe('/api/u/0');
    expect(sources.latest().withCredentials).toBe(true);
  });

  it('says the connection broke, then replaces that with a 5-second “re-established” once it reopens', async () => {
    const { sources, api } = await openInbox();
    sources.latest().send({ command: 'folderOrder' }, 41);
    sources.latest().fail();

    const broken = await screen.findByRole('alert');
    expect(broken).toHaveTextContent('Connection broken, retrying…');
    // Persistent: still there long after a normal notice would have closed (the first retry is under way).
    await advance(4900);
    expect(screen.getByRole('alert')).toHaveTextContent('Connection broken, retrying…');
    await advance(100);
    await waitFor(() => expect(sources.all).toHaveLength(2));
    // The session was checked (its tokens renewed if needed) before the new stream.
    expect(api.requests.filter((r) => r.url.pathname === '/api/auth/me').length).toBeGreaterThanOrEqual(2);
    expect(sources.latest().url).toBe('/api/u/0?lastEventId=41');

    sources.latest().open();
    expect(screen.queryByText('Connection broken, retrying…')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Connection re-established');
    await advance(5000);
    await waitFor(() => expect(screen.queryByText('Connection re-established')).not.toBeInTheDocument());
  });

  it('after a renewal of the session reopens at once and silently; a break that is not that still shows the notice', async () => {
    const { sources } = await openInbox();
    // The stream ends with its access token; the session check renews the tokens (a new expiry cookie).
    let renews = true;
    server.use(
      http.get('/api/auth/me', () => {
        if (renews) setCookie('wm_exp_0', String(Date.now() + 7_200_000));
        return HttpResponse.json({ id: 'u1', email: 'alice@example.test', name: 'Alice', twoFactor: [] });
      }),
    );
    sources.latest().fail();
    await waitFor(() => expect(sources.all).toHaveLength(2));
    renews = false; // from here on the session stays as it is
    sources.latest().open();
    await advance(1000);
    expect(screen.queryByText('Connection broken, retrying…')).not.toBeInTheDocument();
    expect(screen.queryByText('Connection re-established')).not.toBeInTheDocument();

    // The same session, the stream cut again: a real break.
    sources.latest().fail();
    expect(
      await screen.findByText('Connection broken, retrying…', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('reads everything of the user again after a break (mail events are not replayed)', async () => {
    const { sources, api } = await openInbox();
    const listReads = () => api.requests.filter((r) => r.url.pathname.endsWith('/messages')).length;
    const treeReads = () => api.requests.filter((r) => r.url.pathname === '/api/u/0/mailbox').length;
    const before = { list: listReads(), tree: treeReads() };

    sources.latest().fail();
    await advance(5000);
    await waitFor(() => expect(sources.all).toHaveLength(2));
    sources.latest().open();

    await waitFor(() => expect(listReads()).toBe(before.list + 1));
    expect(treeReads()).toBe(before.tree + 1);
  });

  it('after the fifth failed retry shows “reconnect failed” with Retry, which starts over', async () => {
    const { sources, user } = await openInbox();
    sources.latest().fail();
    for (let retry = 1; retry <= 5; retry += 1) {
      await advance(5000);
      await waitFor(() => expect(sources.all).toHaveLength(retry + 1));
      expect(screen.queryByText('Reconnect failed')).not.toBeInTheDocument();
      sources.latest().fail();
    }

    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent('Reconnect failed');
    expect(screen.queryByText('Connection broken, retrying…')).not.toBeInTheDocument();
    await advance(60_000);
    expect(sources.all).toHaveLength(6);
    expect(screen.getByRole('alert')).toHaveTextContent('Reconnect failed');

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(sources.all).toHaveLength(7));
    sources.latest().open();
    expect(await screen.findByText('Connection re-established')).toBeInTheDocument();
  });

  it('signs out when the server ends the session, without a broken-connection notice', async () => {
    const { sources, router } = await openInbox();
    server.use(
      http.get('/api/auth/me', () =>
        HttpResponse.json({ code: 'Unauthorized', message: 'no' }, { status: 401 }),
      ),
      http.post('/api/auth/refresh', () =>
        HttpResponse.json({ code: 'Unauthorized', message: 'no' }, { status: 401 }),
      ),
    );
    sources.latest().send({ command: 'logout', kind: 'user' });
    sources.latest().fail(); // the server closes the stream after the logout

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await advance(6000);
    expect(sources.all).toHaveLength(1);
    expect(screen.queryByText('Connection broken, retrying…')).not.toBeInTheDocument();
  });

  it('keeps the page and opens a new stream when the logout was of a session replaced by a new sign-in', async () => {
    const { sources, router } = await openInbox();
    sources.latest().send({ command: 'logout', kind: 'user' });

    await waitFor(() => expect(sources.all).toHaveLength(2));
    expect(router.state.location.pathname).toBe('/u/0/id-inbox');
    expect(sources.latest().url).toBe('/api/u/0');
  });
});
