import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusIsLost, focusNewPage, keepFocus } from './focus-rule';

/** How long a new page has to put the focus somewhere itself (an autofocused field) before the rule acts. */
const settleMs = 100;
const lateMs = 800;

/**
 * The focus rule (`focus-rule.ts`) for the whole app, mounted once at the root: focus that falls to <body> goes to
 * the list or the heading, and after navigation the new page's heading takes it, unless the focus is already in the
 * new page's content (a field the page focused, the list row that was clicked).
 */
export function useFocusRule(): void {
  useEffect(() => keepFocus(), []);
  const { key, pathname, search } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = window.setTimeout(() => {
      const active = document.activeElement;
      const inContent = active?.closest('main, [role="dialog"]') != null;
      if (focusIsLost() || !inContent) focusNewPage();
    }, settleMs);
    // Once its data has come the new page may have replaced what had the focus (a loading state with its own
    // heading): a second look then.
    const late = window.setTimeout(() => {
      if (focusIsLost()) focusNewPage();
    }, lateMs);
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(late);
    };
  }, [key, pathname, search]);
}
