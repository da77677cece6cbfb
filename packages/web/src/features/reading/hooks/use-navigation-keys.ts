import { useEffect, useRef } from 'react';
import { shortcutsEnabled } from '../../../shared/ui/keyboard-shortcuts';

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Open menus and dialogs have keys of their own (a menu's type-ahead): the page behind must not move. */
const inPopup = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[role="menu"], [role="dialog"], [role="listbox"]') !== null;

/**
 * `j` / `k` move to the next / previous message of the list while a conversation is open (as in the list, where
 * the same keys move the focus). The list handles its own keys first and marks them handled, so a key pressed in
 * the list beside the conversation does not also change the message. Off while shortcuts are off (General settings). Typing and keys with modifiers are left alone.
 */
export function useNavigationKeys(handlers: { next: (() => void) | null; previous: (() => void) | null }) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!shortcutsEnabled() || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey)
        return;
      if (typing(event.target) || inPopup(event.target)) return;
      const handler =
        event.key === 'j' ? latest.current.next : event.key === 'k' ? latest.current.previous : null;
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
