import { useCallback, useEffect, useRef, useState, type FocusEvent, type RefObject } from 'react';

const rowLink = (list: HTMLElement | null, index: number) =>
  list?.querySelector<HTMLElement>(`[data-index="${index}"] [data-row-link]`);

/**
 * Roving keyboard focus over virtual rows: one row is "the focused row" (its controls are in the tab order).
 * `move` scrolls the target row into view first and focuses it once it is rendered. When the focused row goes
 * away (archived with `e`), the row now at its place takes the focus, so the keys keep working.
 */
export function useRovingFocus(
  listRef: RefObject<HTMLElement | null>,
  rowCount: number,
  scrollToIndex: (index: number) => void,
) {
  const [focus, setFocus] = useState({ index: 0, request: 0 });
  const focusIndex = Math.max(0, Math.min(focus.index, rowCount - 1));
  const handledRequest = useRef(0);
  const keepFocus = useRef(false);

  // Focus the row the keyboard moved to (not when a click or Tab moved the focus).
  useEffect(() => {
    if (focus.request === handledRequest.current) return;
    handledRequest.current = focus.request;
    rowLink(listRef.current, focus.index)?.focus();
  }, [focus, listRef]);

  useEffect(() => {
    if (keepFocus.current && document.activeElement === document.body)
      rowLink(listRef.current, focusIndex)?.focus();
  }, [rowCount, focusIndex, listRef]);

  const move = (delta: number) => {
    const index = Math.max(0, Math.min(focusIndex + delta, rowCount - 1));
    scrollToIndex(index);
    setFocus((previous) => ({ index, request: previous.request + 1 }));
  };
  const onFocusRow = useCallback(
    (index: number) => setFocus((previous) => (previous.index === index ? previous : { ...previous, index })),
    [],
  );
  const listFocusHandlers = {
    onFocus: () => {
      keepFocus.current = true;
    },
    onBlur: (event: FocusEvent) => {
      // Focus going elsewhere on the page; a removed row blurs towards nothing (relatedTarget null).
      const to = event.relatedTarget;
      if (to && !event.currentTarget.contains(to)) keepFocus.current = false;
    },
  };
  return { focusIndex, move, onFocusRow, listFocusHandlers };
}
