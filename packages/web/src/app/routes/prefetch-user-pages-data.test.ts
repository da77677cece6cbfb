import { defaultUserConfig } from '@webmail/contracts';
import { renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { autoreplyQueryOptions } from '../../features/filters/api/filters';
import { mailboxTreeQueryOptions } from '../../features/mailboxes/api/get-mailbox-tree';
import { messageListQueryOptions } from '../../features/messages/api/get-message-list';
import { userDetailsQueryOptions } from '../../features/settings/api/get-user-details';
import { setUserTimeZone, useUserTimeZone } from '../../shared/format/format-date';
import { sampleTree } from '../../test/folder.testing';
import { buildUserDetails, mailApi, signIn } from '../../test/api-handlers.testing';
import { server } from '../../test/msw-server';
import { createQueryClient } from '../query-client';
import { prefetchInboxList, prefetchUserPagesData } from './prefetch-user-pages-data';

const listRequests = (requests: { url: URL }[]) =>
  requests
    .filter(({ url }) => url.pathname.endsWith('/messages'))
    .map(({ url }) => url.pathname + url.search);

/** A GET of `path` answered with `response` only once `answer` is called. */
function heldAnswer(path: string, response: () => Response) {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const handler = http.get(path, async () => {
    await answered;
    return response();
  });
  return { answer, handler };
}

describe('prefetchInboxList', () => {
  it('sends the Inbox’s first page in the account’s list mode and order, under the key the list asks for', async () => {
    signIn(0);
    const config = {
      ...defaultUserConfig,
      listMode: 'conversations' as const,
      listSort: { field: 'subject' as const, order: 'asc' as const },
    };
    const api = mailApi({ tree: sampleTree(), messages: {}, config });
    server.use(...api.handlers);
    const queryClient = createQueryClient();

    // The Inbox's page, for the start to show it first.
    await expect(prefetchInboxList(queryClient, 0)).resolves.toBe('/u/0/id-inbox');

    expect(listRequests(api.requests)).toEqual([
      '/api/u/0/mailbox/id-inbox/messages?offset=0&limit=50&mode=conversations&sort=subject&order=asc',
    ]);
    const list = messageListQueryOptions(0, 'id-inbox', 'conversations', config.listSort);
    expect(queryClient.getQueryData(list.queryKey)).toMatchObject({ pages: [{ total: 0 }] });
  });

  it('reads the folder tree from the cache when it is there (the device’s copy)', async () => {
    signIn(0);
    const api = mailApi({ tree: sampleTree(), messages: {} });
    server.use(...api.handlers);
    const queryClient = createQueryClient();
    queryClient.setQueryData(mailboxTreeQueryOptions(0).queryKey, { mailboxes: sampleTree(), quota: null });

    await prefetchInboxList(queryClient, 0);

    expect(api.requests.filter(({ url }) => url.pathname === '/api/u/0/mailbox')).toEqual([]);
    expect(listRequests(api.requests)).toEqual([
      '/api/u/0/mailbox/id-inbox/messages?offset=0&limit=50&mode=messages&sort=date&order=desc',
    ]);
  });

  it('answers at once with the device’s copy of the page, while a fresh one is on its way', async () => {
    signIn(0);
    const { answer, handler } = heldAnswer('/api/u/0/mailbox/id-inbox/messages', () =>
      HttpResponse.json({ messages: [], total: 0, offset: 0 }),
    );
    const api = mailApi({ tree: sampleTree(), messages: {} });
    server.use(handler, ...api.handlers);
    const queryClient = createQueryClient();
    queryClient.setQueryData(mailboxTreeQueryOptions(0).queryKey, { mailboxes: sampleTree(), quota: null });
    const list = messageListQueryOptions(0, 'id-inbox', 'messages', { field: 'date', order: 'desc' });
    // Restored from the device: an old answer (the restore marks it stale).
    queryClient.setQueryData(
      list.queryKey,
      { pages: [{ messages: [], total: 3, offset: 0 }], pageParams: [0] },
      { updatedAt: 0 },
    );

    await expect(prefetchInboxList(queryClient, 0)).resolves.toBe('/u/0/id-inbox');
    expect(queryClient.getQueryState(list.queryKey)?.fetchStatus).toBe('fetching');
    answer();
    await vi.waitFor(() => expect(queryClient.getQueryState(list.queryKey)?.fetchStatus).toBe('idle'));
  });

  it('sets the user’s time zone before the first render where the details have come', async () => {
    signIn(0);
    const api = mailApi({
      tree: sampleTree(),
      messages: {},
      userDetails: buildUserDetails({ timezone: 'Asia/Tokyo' }),
    });
    server.use(...api.handlers);
    const queryClient = createQueryClient();
    await queryClient.prefetchQuery(userDetailsQueryOptions(0));
    setUserTimeZone(null);
    try {
      await prefetchInboxList(queryClient, 0);
      // The list's dates and every other date of the first render are in that zone, not changed under its commit.
      const { result } = renderHook(() => useUserTimeZone());
      expect(result.current).toBe('Asia/Tokyo');
    } finally {
      setUserTimeZone(null);
    }
  });

  it('waits for the user’s details with the list it asks for, and sets their time zone', async () => {
    signIn(0);
    const { answer: answerDetails, handler } = heldAnswer('/api/u/0/details', () =>
      HttpResponse.json(buildUserDetails({ timezone: 'Asia/Tokyo' })),
    );
    const api = mailApi({ tree: sampleTree(), messages: {} });
    server.use(handler, ...api.handlers);
    const queryClient = createQueryClient();
    setUserTimeZone(null);
    try {
      let done = false;
      const inbox = prefetchInboxList(queryClient, 0).then((path) => ((done = true), path));
      await vi.waitFor(() => expect(listRequests(api.requests)).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(done).toBe(false);

      answerDetails();
      await expect(inbox).resolves.toBe('/u/0/id-inbox');
      const { result } = renderHook(() => useUserTimeZone());
      expect(result.current).toBe('Asia/Tokyo');
    } finally {
      setUserTimeZone(null);
    }
  });

  it('sends nothing for an account without an Inbox', async () => {
    signIn(0);
    const api = mailApi({
      tree: sampleTree().filter((folder) => folder.specialUse !== 'inbox'),
      messages: {},
    });
    server.use(...api.handlers);

    await expect(prefetchInboxList(createQueryClient(), 0)).resolves.toBeNull();

    expect(listRequests(api.requests)).toEqual([]);
  });
});

describe('prefetchUserPagesData', () => {
  it('sends what every page of the user starts with: the tree, details, settings, app bar and auto-reply', async () => {
    signIn(0);
    const api = mailApi({ tree: sampleTree(), messages: {} });
    server.use(...api.handlers);
    const queryClient = createQueryClient();
    const requested: string[] = [];
    const listen = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      requested.push(url.pathname + url.search);
    };
    server.events.on('request:start', listen);
    try {
      prefetchUserPagesData(queryClient, 0);
      await vi.waitFor(() =>
        expect([...requested].sort()).toEqual([
          '/api/auth/accounts',
          '/api/auth/me?userIndex=0',
          '/api/u/0/config',
          '/api/u/0/details',
          '/api/u/0/filters/autoreply',
          '/api/u/0/mailbox',
        ]),
      );
    } finally {
      server.events.removeListener('request:start', listen);
    }
    // Under the key the auto-reply banner reads.
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(autoreplyQueryOptions(0).queryKey)).toMatchObject({ status: false }),
    );
  });
});
