import type { MessageSummary } from '@webmail/contracts';

export interface ListNeighbour {
  thread: string;
  id: number;
}

/**
 * The rows before and after the open message in the folder's list (as shown: newest first, in the chosen list
 * mode). In conversation mode the open message may be any message of a row's thread.
 */
export function listNeighbours(
  rows: readonly MessageSummary[],
  messageId: number,
): { index: number; previous: ListNeighbour | null; next: ListNeighbour | null } {
  const index = rows.findIndex(
    (row) => row.id === messageId || (row.conversation?.uids.includes(messageId) ?? false),
  );
  const at = (position: number): ListNeighbour | null => {
    const row = index === -1 ? undefined : rows[position];
    return row ? { thread: row.thread, id: row.id } : null;
  };
  return { index, previous: at(index - 1), next: at(index + 1) };
}
