import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { MessageListResponse } from '@webmail/contracts';
import { useCallback } from 'react';

/** Rows left below the viewport when the next page is requested. */
const prefetchRows = 15;

/**
 * Loads the next page once the last rendered row is within `prefetchRows` of the end. A failed
 * page is not requested again in a loop: the snackbar's Retry (or the refresh button) repeats it.
 */
export function useNextPage(
  query: UseInfiniteQueryResult<InfiniteData<MessageListResponse>>,
  loadedRows: number,
) {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const wantsNextPage = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  return useCallback(
    (lastVisible: number) => {
      if (wantsNextPage && lastVisible >= loadedRows - prefetchRows) void fetchNextPage();
    },
    [wantsNextPage, loadedRows, fetchNextPage],
  );
}
