import type { MessageSummary } from '@webmail/contracts';
import { useCallback, useMemo, useState } from 'react';
import type { ActionSelection } from '../actions/message-actions';
import { rowUids } from '../lib/list-patch';

/**
 * A row's identity in a list: its folder and UID. A folder's rows all share the folder; search results list
 * several folders, where UIDs repeat.
 */
export type RowKey = string;
export const rowKey = (row: Pick<MessageSummary, 'mailbox' | 'id'>): RowKey => `${row.mailbox}/${row.id}`;

/** Selected rows, or 'all': every message the list holds, loaded or not (mass action messageId '*'). */
export type SelectedRows = 'all' | ReadonlySet<RowKey>;

interface State {
  /** Folder and list mode the selection belongs to; another one starts empty. */
  key: string;
  selected: SelectedRows;
  /** The last row toggled on its own: one end of a shift-click range. */
  anchor: RowKey | null;
}

const empty = (key: string): State => ({ key, selected: new Set(), anchor: null });

export interface MessageSelection {
  selected: SelectedRows;
  /** Selected rows (all loaded rows for 'all'). */
  size: number;
  isSelected: (row: RowKey) => boolean;
  toggle: (row: RowKey) => void;
  /** Adds the rows between the anchor and this one (shift-click); a toggle when there is no anchor. */
  selectRange: (row: RowKey) => void;
  /** A click on a row's checkbox: a range with shift, else a toggle. */
  select: (row: RowKey, range: boolean) => void;
  selectAll: () => void;
  clear: () => void;
}

/**
 * Which rows are selected (selected rows show a check in the avatar). `resetKey` is the folder and list mode:
 * the selection starts empty in another folder. Unchecking one row of 'all' leaves the loaded rows minus that one:
 * the API has no "all except".
 */
export function useMessageSelection(resetKey: string, rows: readonly MessageSummary[]): MessageSelection {
  const [state, setState] = useState<State>(() => empty(resetKey));
  // A new folder: drop the selection (state derived from props, no effect needed).
  const current = state.key === resetKey ? state : empty(resetKey);
  if (current !== state) setState(current);

  const toggle = useCallback(
    (key: RowKey) =>
      setState((previous) => {
        const base = previous.selected === 'all' ? new Set(rows.map(rowKey)) : new Set(previous.selected);
        if (base.has(key)) base.delete(key);
        else base.add(key);
        return { ...previous, selected: base, anchor: key };
      }),
    [rows],
  );

  const selectRange = useCallback(
    (key: RowKey) =>
      setState((previous) => {
        const from = rows.findIndex((row) => rowKey(row) === previous.anchor);
        const to = rows.findIndex((row) => rowKey(row) === key);
        if (previous.selected === 'all' || to < 0) return previous;
        const next = new Set(previous.selected);
        if (from < 0) next.add(key);
        else for (const row of rows.slice(Math.min(from, to), Math.max(from, to) + 1)) next.add(rowKey(row));
        return { ...previous, selected: next, anchor: key };
      }),
    [rows],
  );

  const selectAll = useCallback(
    () => setState((previous) => ({ ...previous, selected: 'all', anchor: null })),
    [],
  );
  const clear = useCallback(() => setState((previous) => empty(previous.key)), []);

  const select = useCallback(
    (key: RowKey, range: boolean) => (range ? selectRange(key) : toggle(key)),
    [toggle, selectRange],
  );

  const { selected } = current;
  return useMemo(() => {
    const isSelected = (key: RowKey) => selected === 'all' || selected.has(key);
    const size = selected === 'all' ? rows.length : rows.filter((row) => selected.has(rowKey(row))).length;
    return { selected, size, isSelected, toggle, selectRange, select, selectAll, clear };
  }, [selected, rows, toggle, selectRange, select, selectAll, clear]);
}

/** The messages of some rows, each by its own folder (conversations: all their uids). */
const refsOf = (rows: readonly MessageSummary[]) =>
  rows.flatMap((row) => rowUids(row).map((messageId) => ({ mailboxId: row.mailbox, messageId })));

/**
 * The selection as an action's scope: '*' for all, else the UIDs of the chosen rows (conversations: all uids),
 * and the same messages by folder (`refs`) for lists that span folders.
 */
export function toActionSelection(
  mailboxId: string,
  selected: SelectedRows,
  rows: readonly MessageSummary[],
  folderTotal: number,
): ActionSelection {
  if (selected === 'all') return { mailboxId, messageIds: '*', count: folderTotal, rows };
  const chosen = rows.filter((row) => selected.has(rowKey(row)));
  const messageIds = chosen.flatMap(rowUids);
  return { mailboxId, messageIds, count: messageIds.length, rows: chosen, refs: refsOf(chosen) };
}

/** One row as a scope (keyboard shortcut without a selection, dragging an unselected row). */
export function rowSelection(mailboxId: string, row: MessageSummary): ActionSelection {
  const messageIds = rowUids(row);
  return { mailboxId, messageIds, count: messageIds.length, rows: [row], refs: refsOf([row]) };
}
