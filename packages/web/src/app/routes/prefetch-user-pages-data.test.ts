import { defaultUserConfig } from '@webmail/contracts';
import { describe, expect, it } from 'vitest';
import { mailboxTreeQueryOptions } from '../../features/mailboxes/api/get-mailbox-tree';
import { messageListQueryOptions } from '../../features/messages/api/get-message-list';
import { sampleTree } from '../../test/folder.testing';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { server } from '../../test/msw-server';
import { createQueryClient } from '../query-client';
import { prefetchInboxList } from './prefetch-user-pages-data';

const listRequests = (requests: { url: URL }[]) =>
  requests
    .filter(({ url }) => url.pathname.endsWith('/messages'))
    .map(({ url }) => url.pathname + url.search);

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

    await prefetchInboxList(queryClient, 0);

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

  it('sends nothing for an account without an Inbox', async () => {
    signIn(0);
    const api = mailApi({
      tree: sampleTree().filter((folder) => folder.specialUse !== 'inbox'),
      messages: {},
    });
    server.use(...api.handlers);

    await prefetchInboxList(createQueryClient(), 0);

    expect(listRequests(api.requests)).toEqual([]);
  });
});
