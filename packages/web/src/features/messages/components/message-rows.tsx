import Box from '@mui/material/Box';
import { useEventCallback } from '@mui/material/utils';
import type { MessageSummary } from '@webmail/contracts';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type DragEvent, type RefObject } from 'react';
import { useDateFormat } from '../../../shared/format/format-date';
import { useTranslation } from '../../../shared/i18n/translation';
import { shortcutKey, type ShortcutId } from '../../../shared/ui/keyboard-shortcuts';
import { useShortcuts } from '../../../shared/ui/use-shortcuts';
import { rowKey, type RowKey } from '../hooks/use-message-selection';
import { useRovingFocus } from '../hooks/use-roving-focus';
import { onListKeyDown, type ListKeyHandlers } from '../lib/list-keyboard';
import type { RowLayout } from '../lib/row-density';
import { focusListProps } from '../../../shared/ui/focus-rule';
import { MessageRow, type RowSwipeActions } from './message-row';

type ListVirtualizer = Virtualizer<HTMLDivElement, Element>;

export interface MessageRowsProps {
  rows: MessageSummary[];
  setSize: number;
  /** The folder's name: the list is "Messages in <label>", unless `listLabel` names it. */
  label: string;
  listLabel?: string;
  /** The page a row opens. */
  rowHref: (row: MessageSummary) => string;
  /** The row of the message open in the reading pane. */
  openRow: RowKey | undefined;
  isChecked: (row: RowKey) => boolean;
  /** Sent and Drafts name the recipients instead of the sender. */
  showRecipients: (row: MessageSummary) => boolean;
  layout: RowLayout;
  scrollElement: HTMLDivElement | null;
  /** Where the list starts (a remembered scroll position). */
  initialOffset?: number;
  /** The last row rendered (for loading the next page). */
  onLastVisible: (index: number) => void;
  onToggleFlag: (message: MessageSummary) => void;
  onSelect: (row: RowKey, range: boolean) => void;
  onDragStart: (message: MessageSummary, event: DragEvent) => void;
  keys: Omit<ListKeyHandlers, 'move'>;
  /** Touch swipes on rows: the action of each side, and running it. */
  swipe: RowSwipeActions;
}

/**
 * The rows, virtualised: only the visible ones (and a few more) are in the DOM. Keyboard focus is roving: one
 * row's controls are in the tab order, ↑/↓ move it (scrolling the row into view first, then focusing it once
 * rendered).
 */
export function MessageRows(props: MessageRowsProps) {
  const { rows, setSize, label, rowHref, openRow, isChecked, showRecipients, layout } = props;
  const { scrollElement, onLastVisible, keys } = props;
  const { t } = useTranslation('messages');
  const dates = useDateFormat();
  const listRef = useRef<HTMLUListElement>(null);
  // The rows are memoised (MessageRow): their handlers keep one identity and call the latest ones given.
  const onToggleFlag = useEventCallback(props.onToggleFlag);
  const onSelect = useEventCallback(props.onSelect);
  const onDragStart = useEventCallback(props.onDragStart);
  const onSwipe = useEventCallback(props.swipe.perform);

  // Read once: the window's size read during a later render would lay out the page then and there.
  const [initialRect] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));

  const virtualizerRef = useScrollBeforeBox(scrollElement);
  // The virtualizer's methods are read fresh on every render; nothing here is memoised by a compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => layout.height,
    overscan: 6,
    initialOffset: props.initialOffset ?? 0,
    // Until the scroll box is measured (its element comes after the first commit), the window's size: the first
    // render already has the visible rows, rendered with the page in slices, and the measurement then adds or drops
    // the few rows of the difference instead of rendering them all at once inside the commit.
    initialRect,
  });
  useLayoutEffect(() => {
    virtualizerRef.current = virtualizer;
  });
  const items = virtualizer.getVirtualItems();
  const lastVisible = items[items.length - 1]?.index ?? -1;
  useEffect(() => onLastVisible(lastVisible), [lastVisible, onLastVisible]);
  useScrollAnchor(scrollElement, rows, layout.height);
  const { focusIndex, move, onFocusRow, listFocusHandlers } = useRovingFocus(listRef, rows.length, (index) =>
    virtualizer.scrollToIndex(index),
  );
  useListShortcuts(listRef, rows.length > 0, focusIndex, move, keys);

  return (
    <Box
      component="ul"
      ref={listRef}
      {...focusListProps}
      aria-label={props.listLabel ?? t('list.label', { folder: label })}
      onKeyDown={(event) => onListKeyDown(event, focusIndex, { ...keys, move })}
      {...listFocusHandlers}
      sx={{ position: 'relative', m: 0, p: 0, height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => {
        const message = rows[item.index]!;
        const key = rowKey(message);
        const swipeActions = props.swipe.actionsOf(message);
        return (
          <MessageRow
            key={key}
            message={message}
            index={item.index}
            href={rowHref(message)}
            open={key === openRow}
            checked={isChecked(key)}
            tabbable={item.index === focusIndex}
            showRecipients={showRecipients(message)}
            layout={layout}
            setSize={setSize}
            top={item.start}
            date={dates.list(message.date)}
            fullDate={dates.full(message.date)}
            swipeLeft={swipeActions.left}
            swipeRight={swipeActions.right}
            onToggleFlag={onToggleFlag}
            onSelect={onSelect}
            onFocusRow={onFocusRow}
            onDragStart={onDragStart}
            onSwipe={onSwipe}
          />
        );
      })}
    </Box>
  );
}

/**
 * The list's shortcuts pressed outside it (the page has the focus, not a row): `j` / `k` bring the focus to the
 * list (to the focused row, then on by a row), `o` opens the focused row, `x` selects it, the action keys act on
 * the selection or the focused row. Inside the list its own key handler has them first.
 */
function useListShortcuts(
  listRef: RefObject<HTMLUListElement | null>,
  hasRows: boolean,
  focusIndex: number,
  move: (delta: number) => void,
  keys: Omit<ListKeyHandlers, 'move'>,
): void {
  const step = (delta: number) => () => move(listRef.current?.contains(document.activeElement) ? delta : 0);
  const act = (id: ShortcutId) => () => void keys.shortcut(shortcutKey(id), focusIndex);
  useShortcuts(
    hasRows
      ? {
          next: step(1),
          previous: step(-1),
          open: () =>
            listRef.current
              ?.querySelector<HTMLElement>(`[data-index="${focusIndex}"] [data-row-link]`)
              ?.click(),
          select: () => keys.toggle(focusIndex),
          archive: act('archive'),
          delete: act('delete'),
          star: act('star'),
          markRead: act('markRead'),
          markUnread: act('markUnread'),
          spam: act('spam'),
        }
      : {},
  );
}

/**
 * The scroll box reaches the rows a render after their first one (MessageListScrollBox sets it in a transition).
 * A reader who scrolled in between keeps that place: the virtualizer starts from the box's offset, instead of
 * scrolling the box back to where the list began. This layout effect comes before the virtualizer's, which takes
 * the box and scrolls it to the virtualizer's offset; the virtualizer is known from the first commit on.
 */
function useScrollBeforeBox(scrollElement: HTMLElement | null): RefObject<ListVirtualizer | null> {
  const virtualizer = useRef<ListVirtualizer>(null);
  useLayoutEffect(() => {
    const instance = virtualizer.current;
    if (!scrollElement || !instance || instance.scrollElement === scrollElement) return;
    if (scrollElement.scrollTop > 0) instance.scrollOffset = scrollElement.scrollTop;
  }, [scrollElement]);
  return virtualizer;
}

/**
 * Rows put in or taken out above the visible ones (new mail arriving, another client expunging) would push what
 * the reader looks at down or up: the scroll position follows by whole rows, so the first visible row stays where
 * it was. At the very top nothing moves, so new mail shows there. The browser's own scroll anchoring cannot do it:
 * the rows are positioned by transforms, which it does not follow.
 */
function useScrollAnchor(
  scrollElement: HTMLElement | null,
  rows: readonly MessageSummary[],
  rowHeight: number,
): void {
  const previous = useRef(rows);
  useLayoutEffect(() => {
    // Until the scroll box is known (it comes a render after the rows), the rows seen first stay the reference.
    if (!scrollElement) return;
    const before = previous.current;
    previous.current = rows;
    if (before === rows || scrollElement.scrollTop <= 0) return;
    const index = Math.floor(scrollElement.scrollTop / rowHeight);
    const top = before[index];
    // By folder and UID: a list over several folders (search results) has equal UIDs in different folders.
    const now = top ? rows.findIndex((row) => row.id === top.id && row.mailbox === top.mailbox) : -1;
    if (now >= 0 && now !== index) scrollBy(scrollElement, (now - index) * rowHeight);
  }, [scrollElement, rows, rowHeight]);
}

/** Plain `scrollTop` arithmetic: exact to the pixel, and without a smooth-scrolling style getting in the way. */
function scrollBy(element: HTMLElement, pixels: number): void {
  element.scrollTop += pixels;
}
