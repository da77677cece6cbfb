import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { isWithin } from '../routing/app-paths';

/**
 * The before-leaving confirmation: while `active` (a form with unsaved changes, a draft not on
 * the server yet), leaving the page inside the app asks first (React Router's `useBlocker`; show `LeaveDialog`
 * while `asking`), and closing or reloading the tab gets the browser's own prompt (`beforeunload`). `stay` keeps
 * everything as it was; `allowLeaving` lets the form's own navigation (after saving, sending) through.
 */
export function useLeaveGuard(active: boolean) {
  const activeRef = useRef(active);
  const allowed = useRef(false);
  useEffect(() => {
    activeRef.current = active;
  }, [active]);

  // Only moves inside the signed-in app ask: a sign-out or an expired session goes to /login without a
  // question (the local copy keeps the text for the next visit).
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      activeRef.current &&
      !allowed.current &&
      isWithin('BaseLayout', nextLocation.pathname) &&
      currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);

  return {
    asking: blocker.state === 'blocked',
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
    allowLeaving: useCallback(() => {
      allowed.current = true;
    }, []),
  };
}
