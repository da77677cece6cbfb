import { useEffect, type RefObject } from 'react';

/**
 * Escape clears the selection also when the keyboard focus is not on a row: after a toolbar action the button that
 * was pressed may be gone (its action no longer applies) and the focus falls back to the page, or it stays on the
 * selection header. The rows' own Escape (list-keyboard.ts) handles it first there. Only for the page itself and
 * this list's pane: a field, a dialog or a menu keeps its own Escape.
 */
export function useEscapeClearsSelection(
  pane: RefObject<HTMLElement | null>,
  hasSelection: boolean,
  clear: () => void,
): void {
  useEffect(() => {
    if (!hasSelection) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target;
      const onPage = target === document.body || target === document.documentElement;
      const inPane = target instanceof Node && pane.current?.contains(target) === true;
      if (!onPage && !inPane) return;
      if (
        target instanceof HTMLElement &&
        (target.isContentEditable || target.closest('input, textarea, select'))
      )
        return;
      event.preventDefault();
      clear();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [pane, hasSelection, clear]);
}
