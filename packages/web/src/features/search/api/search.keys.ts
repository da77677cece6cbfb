import type { ListMode } from '@webmail/contracts';

/** Query keys of the search feature (the user index second, as everywhere). */
export const searchKeys = {
  all: (userIndex: number) => ['search', userIndex] as const,
  /** Every page of every search of the user (patched and invalidated together after an action). */
  results: (userIndex: number) => [...searchKeys.all(userIndex), 'results'] as const,
  result: (userIndex: number, search: string, mode: ListMode) =>
    [...searchKeys.results(userIndex), search, mode] as const,
  keywords: (userIndex: number) => [...searchKeys.all(userIndex), 'keywords'] as const,
  recent: (userIndex: number) => [...searchKeys.all(userIndex), 'recent'] as const,
  saved: (userIndex: number) => [...searchKeys.all(userIndex), 'saved'] as const,
  parties: (userIndex: number, query: string) => [...searchKeys.all(userIndex), 'parties', query] as const,
  /** The running action on all (or chosen) results of a search: its progress line. */
  progress: (userIndex: number, search: string) =>
    [...searchKeys.all(userIndex), 'progress', search] as const,
};
