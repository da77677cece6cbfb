import type { KeyboardEvent } from 'react';
import { isTypingTarget, shortcutsEnabled } from '../../../shared/ui/keyboard-shortcuts';

export interface ListKeyHandlers {
  /** Moves the keyboard focus by rows (negative: up). */
  move: (delta: number) => void;
  /** `x`: toggles the checkbox of the row the key was pressed on. */
  toggle: (index: number) => void;
  clearSelection: () => void;
  /** A registry shortcut for the row the key was pressed on; true when some action ran. */
  shortcut: (key: string, index: number) => boolean;
}

/**
 * The list's keys (README "The action registry"): ↑/↓ and j/k move, x selects, Escape clears, the registry's
 * shortcuts act; Enter is the focused row link's own. The printable ones (j, k, x, the registry's) only while
 * shortcuts are on (General settings). Keys with Ctrl, Cmd or Alt are left to the browser, and so is typing in a
 * field.
 */
export function onListKeyDown(event: KeyboardEvent, focusedIndex: number, handlers: ListKeyHandlers): void {
  if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
  const row = (event.target as Element).closest?.('[data-index]');
  const index = row ? Number(row.getAttribute('data-index')) : focusedIndex;
  // A printable key is a shortcut (j, k, x, the registry's); named keys (arrows, Escape) are movement.
  if (event.key.length === 1 && !shortcutsEnabled()) return;
  let handled = true;
  switch (event.key) {
    case 'ArrowDown':
    case 'j':
      handlers.move(1);
      break;
    case 'ArrowUp':
    case 'k':
      handlers.move(-1);
      break;
    case 'x':
      handlers.toggle(index);
      break;
    case 'Escape':
      handlers.clearSelection();
      break;
    default:
      handled = handlers.shortcut(event.key, index);
  }
  if (handled) event.preventDefault();
}
