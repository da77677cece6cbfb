import { skipToken, useQuery } from '@tanstack/react-query';
import type { MassActionProgress } from '../../messages/api/mass-action-progress';
import { searchKeys } from './search.keys';

/** The running action on a search's results (set by `useRunSearchAction`), for the list's progress line. */
export function useSearchActionProgress(userIndex: number, search: string): MassActionProgress | null {
  const { data } = useQuery<MassActionProgress | null>({
    queryKey: searchKeys.progress(userIndex, search),
    queryFn: skipToken,
    staleTime: Infinity,
  });
  return data ?? null;
}
