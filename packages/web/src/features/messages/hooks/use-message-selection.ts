import type { MessageSummary } from '@webmail/contracts';
import { useCallback, useMemo, useState } from 'react';
import type { ActionSelection } from '../actions/message-actions';
import { rowUids } from '../lib/list-patch';

/** Selected row ids, or 'all': every message of the folder, loaded or not (mass action messageId '*'). */
export type SelectedRows = 'all' | ReadonlySet<number>;

interface State {
  /** Folder and list mode the selection belongs to; another one starts empty. */
  key: string;
  selected: SelectedRows;
  /** The last row toggled on its own: one end of a shift-click range. */
  anchor: number | null;
}

const empty = (key: string): State => ({ key, selected: new Set(), anchor: null });

export interface MessageSelection {
  selected: SelectedRows;
  /** Selected rows (all loaded rows for 'all'). */
  size: number;
  isSelected: (rowId: number) => boolean;
  toggle: (rowId: number) => void;
  /** Adds the rows between the anchor and this one (shift-click); a toggle when there is no anchor. */
  selectRange: (rowId: number) => void;
  /** A click on a row's checkbox: a range with shift, else a toggle. */
  select: (rowId: number, range: boolean) => void;
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
    (rowId: number) =>
      setState((previous) => {
        const base =
          previous.selected === 'all' ? new Set(rows.map((row) => row.id)) : new Set(previous.selected);
        if (base.has(rowId)) base.delete(rowId);
        else base.add(rowId);
        return { ...previous, selected: base, anchor: rowId };
      }),
    [rows],
  );

  const selectRange = useCallback(
    (rowId: number) =>
      setState((previous) => {
        const from = rows.findIndex((row) => row.id === previous.anchor);
        const to = rows.findIndex((row) => row.id === rowId);
        if (previous.selected === 'all' || to < 0) return previous;
        const next = new Set(previous.selected);
        if (from < 0) next.add(rowId);
        else for (const row of rows.slice(Math.min(from, to), Math.max(from, to) + 1)) next.add(row.id);
        return { ...previous, selected: next, anchor: rowId };
      }),
    [rows],
  );

  const selectAll = useCallback(
    () => setState((previous) => ({ ...previous, selected: 'all', anchor: null })),
    [],
  );
  const clear = useCallback(() => setState((previous) => empty(previous.key)), []);

  const select = useCallback(
    (rowId: number, range: boolean) => (range ? selectRange(rowId) : toggle(rowId)),
    [toggle, selectRange],
  );

  const { selected } = current;
  return useMemo(() => {
    const isSelected = (rowId: number) => selected === 'all' || selected.has(rowId);
    const size = selected === 'all' ? rows.length : rows.filter((row) => selected.has(row.id)).length;
    return { selected, size, isSelected, toggle, selectRange, select, selectAll, clear };
  }, [selected, rows, toggle, selectRange, select, selectAll, clear]);
}

/** The selection as an action's scope: '*' for all, else the UIDs of the chosen rows (conversations: all uids). */
export function toActionSelection(
  mailboxId: string,
  selected: SelectedRows,
  rows: readonly MessageSummary[],
  folderTotal: number,
): ActionSelection {
  if (selected === 'all') return { mailboxId, messageIds: '*', count: folderTotal, rows };
  const chosen = rows.filter((row) => selected.has(row.id));
  const messageIds = chosen.flatMap(rowUids);
  return { mailboxId, messageIds, count: messageIds.length, rows: chosen };
}

/** One row as a scope (keyboard shortcut without a selection, dragging an unselected row). */
export function rowSelection(mailboxId: string, row: MessageSummary): ActionSelection {
  const messageIds = rowUids(row);
  return { mailboxId, messageIds, count: messageIds.length, rows: [row] };
}
