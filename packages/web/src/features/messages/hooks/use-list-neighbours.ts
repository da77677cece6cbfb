import { useEffect, useMemo } from 'react';
import { useMessageList } from '../api/get-message-list';
import { flattenPages } from '../lib/message-cache';
import { listNeighbours } from '../lib/conversation';
import { useListMode } from './use-list-mode';

/**
 * Previous and next message in the order of the folder's list (newest first, in the list mode the user chose).
 * The list is usually cached from the list beside or behind the conversation; opened from a link it is read here.
 * At the last loaded row the next page is asked for, so "next" goes on past 50.
 */
export function useListNeighbours(userIndex: number, mailboxId: string, messageId: number) {
  const [mode] = useListMode(userIndex);
  const list = useMessageList(userIndex, mailboxId, mode);
  const rows = useMemo(() => flattenPages(list.data), [list.data]);
  const neighbours = useMemo(() => listNeighbours(rows, messageId), [rows, messageId]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const atEnd = neighbours.index !== -1 && neighbours.index === rows.length - 1;

  useEffect(() => {
    if (atEnd && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [atEnd, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return { previous: neighbours.previous, next: neighbours.next };
}
