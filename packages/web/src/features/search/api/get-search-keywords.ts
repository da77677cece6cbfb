import { queryOptions, useQuery } from '@tanstack/react-query';
import { searchEndpoints, searchKeywordPatterns, type SearchKeyword } from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { searchKeys } from './search.keys';

/**
 * GET /api/u/{i}/search/keywords: keyword → the pattern of a token using it, which the bar highlights. The
 * contract's own map stands in until (or unless) the server answers: highlighting is never worth an error.
 */
export function searchKeywordsQueryOptions(userIndex: number) {
  return queryOptions({
    queryKey: searchKeys.keywords(userIndex),
    queryFn: async ({ signal }) =>
      (await callApi(searchEndpoints.keywords, { params: { userIndex } }, { signal })).keywords as Record<
        SearchKeyword,
        string
      >,
    staleTime: Infinity,
    meta: { errorSnackbar: false },
  });
}

/** Asked for once there is text to highlight (`enabled`), not on every page load. */
export function useSearchKeywords(userIndex: number, enabled: boolean): Record<SearchKeyword, string> {
  return useQuery({ ...searchKeywordsQueryOptions(userIndex), enabled }).data ?? searchKeywordPatterns;
}
