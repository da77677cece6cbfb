import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { searchMessageHref } from '../../../shared/routing/mail-hrefs';
import { useListMode } from '../../messages/api/list-mode';
import { searchResultsQueryOptions } from './get-search-results';

/**
 * The previous and next results around an opened one (by folder and UID), as the addresses of their search
 * pages: the conversation's arrows and keys go through the results, not through the message's folder. At the
 * last loaded result the next page is asked for.
 */
export function useSearchNeighbourHrefs(
  userIndex: number,
  search: string,
  mailboxId: string,
  messageId: number,
) {
  const [mode] = useListMode(userIndex);
  const results = useInfiniteQuery({
    ...searchResultsQueryOptions(userIndex, search, mode),
    enabled: search !== '',
  });
  const rows = useMemo(() => results.data?.pages.flatMap((page) => page.messages) ?? [], [results.data]);
  const index = rows.findIndex(
    (row) =>
      row.mailbox === mailboxId &&
      (row.id === messageId || (row.conversation?.uids.includes(messageId) ?? false)),
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = results;
  const atEnd = index !== -1 && index === rows.length - 1;
  useEffect(() => {
    if (atEnd && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [atEnd, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const hrefOf = (i: number) => {
    const row = index === -1 ? undefined : rows[i];
    return row ? searchMessageHref(userIndex, search, row.mailbox, row.thread, row.id) : null;
  };
  return { previous: hrefOf(index - 1), next: hrefOf(index + 1) };
}
