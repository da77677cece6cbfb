import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusIsLost, focusNewPage, keepFocus, navigationStarted, overlayOpen } from './focus-rule';

/** How long a new page has to put the focus somewhere itself (an autofocused field) before the rule acts. */
const settleMs = 100;
const lateMs = 800;

/** After navigation: the heading takes the focus unless it is in the new page's content already. */
function focusAfterNavigation(): void {
  if (focusIsLost() || document.activeElement?.closest('main') == null) focusNewPage();
}

/**
 * The focus rule (`focus-rule.ts`) for the whole app, mounted once at the root: focus that falls to <body> goes to
 * the list or the heading, and after navigation the new page's heading takes it, unless the focus is already in the
 * new page's content (a field the page focused, the list row that was clicked). An open dialog, menu or onboarding
 * step keeps the focus: the rule waits for a closing one (the phone's drawer after a folder was chosen) and leaves
 * one that stays open alone.
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
    navigationStarted();
    let settled = false;
    const timer = window.setTimeout(() => {
      if (overlayOpen()) return;
      settled = true;
      focusAfterNavigation();
    }, settleMs);
    // Once its data has come the new page may have replaced what had the focus (a loading state with its own
    // heading): a second look then; or the first, when an overlay was still closing at the first.
    const late = window.setTimeout(() => {
      if (overlayOpen()) return;
      if (!settled) focusAfterNavigation();
      else if (focusIsLost()) focusNewPage();
    }, lateMs);
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(late);
    };
  }, [key, pathname, search]);
}
