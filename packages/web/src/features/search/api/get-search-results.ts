import { infiniteQueryOptions } from '@tanstack/react-query';
import { searchEndpoints, type ListMode, type MessageListResponse } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { showsMailOfAnyFolder } from '../../../shared/api/mail-change';
import { searchKeys } from './search.keys';

/** Rows per request, as a folder's list. */
export const searchPageSize = 50;

/**
 * GET /api/u/{i}/search?search&offset&limit&mode: results in the shape of a folder's list, newest first across
 * folders. Only the first page of a search typed or chosen by the user is remembered as a recent search
 * (`setRecent`); scrolling and re-reading do not move it. The results show mail of many folders, so every mail
 * change re-reads them (`showsMailOfAnyFolder`).
 */
export function searchResultsQueryOptions(userIndex: number, search: string, mode: ListMode) {
  return infiniteQueryOptions({
    queryKey: searchKeys.result(userIndex, search, mode),
    queryFn: ({ pageParam, signal }): Promise<MessageListResponse> =>
      callApi(
        searchEndpoints.search,
        {
          params: { userIndex },
          query: {
            search,
            offset: pageParam,
            limit: searchPageSize,
            mode,
            ...(pageParam === 0 ? { setRecent: 'true' as const } : {}),
          },
        },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.messages.length;
      return last.messages.length > 0 && next < last.total ? next : undefined;
    },
    meta: showsMailOfAnyFolder,
  });
}
