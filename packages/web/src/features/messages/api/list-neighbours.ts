import { useEffect, useMemo } from 'react';
import { useListMode } from '../hooks/use-list-mode';
import { listNeighbours } from '../lib/list-neighbours';
import { flattenPages } from '../lib/message-cache';
import { useMessageList } from './get-message-list';
import { useListOptions } from './list-options';

/**
 * Previous and next message in the order of the folder's list (in the order and list mode the user chose).
 * The list is usually cached from the list beside or behind the conversation; opened from a link it is read here.
 * At the last loaded row the next page is asked for, so "next" goes on past 50. `enabled: false` when the
 * conversation was opened from another list (search results), which gives its own neighbours.
 */
export function useListNeighbours(userIndex: number, mailboxId: string, messageId: number, enabled = true) {
  const [mode] = useListMode(userIndex);
  const { sort } = useListOptions(userIndex);
  const list = useMessageList(userIndex, mailboxId, mode, enabled, sort);
  const rows = useMemo(() => flattenPages(list.data), [list.data]);
  const neighbours = useMemo(() => listNeighbours(rows, messageId), [rows, messageId]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const atEnd = neighbours.index !== -1 && neighbours.index === rows.length - 1;

  useEffect(() => {
    if (atEnd && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [atEnd, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return { previous: neighbours.previous, next: neighbours.next };
}
