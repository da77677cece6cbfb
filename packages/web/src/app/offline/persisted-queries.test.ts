import { dehydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { messagesKeys } from '../../features/messages/api/messages.keys';
import { buildMessageDetail } from '../../features/messages/message.testing';
import { fillUserCache, listPages } from './offline-cache.testing';
import { offlineCacheLimits, persistedByUser, shouldPersistQuery } from './persisted-queries';

const day = 24 * 3_600_000;

function dehydrated(queryClient: QueryClient) {
  return dehydrate(queryClient, { shouldDehydrateQuery: shouldPersistQuery }).queries;
}

const kindsOf = (queries: ReturnType<typeof dehydrated>) =>
  queries.map((query) => query.queryKey.join('/')).sort();

describe('what the offline copy keeps', () => {
  it('keeps each user’s folder tree, folder lists (first page only), messages and conversations, nothing else', () => {
    const queryClient = new QueryClient();
    fillUserCache(queryClient, 0);
    fillUserCache(queryClient, 3);

    const byUser = persistedByUser(dehydrated(queryClient), Date.now());

    expect([...byUser.keys()].sort()).toEqual([0, 3]);
    expect(kindsOf(byUser.get(3)!)).toEqual([
      'mailboxes/3/tree',
      'messages/3/detail/id-inbox/7',
      'messages/3/list/id-inbox/messages',
      'reading/3/thread/id-inbox/thread-7/7',
    ]);
    const list = byUser.get(0)!.find((query) => query.queryKey[2] === 'list')!;
    expect(list.state.data).toEqual({ pages: [listPages(3).pages[0]], pageParams: [0] });
  });

  it('leaves out answers older than a week, and failed or unanswered queries', () => {
    const queryClient = new QueryClient();
    const now = Date.now();
    queryClient.setQueryData(messagesKeys.detail(0, 'id-inbox', 1), buildMessageDetail(1), {
      updatedAt: now - 8 * day,
    });
    queryClient.setQueryData(messagesKeys.detail(0, 'id-inbox', 2), buildMessageDetail(2), {
      updatedAt: now - 6 * day,
    });
    queryClient.getQueryCache().build(queryClient, { queryKey: messagesKeys.detail(0, 'id-inbox', 3) });

    const kept = persistedByUser(dehydrated(queryClient), now).get(0)!;
    expect(kept.map((query) => query.queryKey[4])).toEqual([2]);
  });

  it('keeps the newest messages up to the count and byte limits', () => {
    const queryClient = new QueryClient();
    const now = Date.now();
    const count = offlineCacheLimits.details + 5;
    for (let uid = 1; uid <= count; uid += 1) {
      queryClient.setQueryData(messagesKeys.detail(0, 'id-inbox', uid), buildMessageDetail(uid), {
        updatedAt: now - (count - uid) * 1000, // higher uid: opened later
      });
    }
    const kept = persistedByUser(dehydrated(queryClient), now).get(0)!;
    expect(kept).toHaveLength(offlineCacheLimits.details);
    expect(Math.min(...kept.map((query) => query.queryKey[4] as number))).toBe(6);

    // One message larger than the whole budget is left out; the others stay.
    const huge = 'x'.repeat(offlineCacheLimits.maxBytes);
    queryClient.setQueryData(
      messagesKeys.detail(0, 'id-inbox', 999),
      buildMessageDetail(999, { text: huge }),
    );
    const withHuge = persistedByUser(dehydrated(queryClient), Date.now()).get(0)!;
    expect(withHuge.map((query) => query.queryKey[4])).not.toContain(999);
    expect(withHuge).toHaveLength(offlineCacheLimits.details);
  });
});
