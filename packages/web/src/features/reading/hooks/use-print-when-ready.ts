import { useEffect, useRef } from 'react';

/** The longest wait for HTML bodies to lay out before the print dialog opens anyway. */
const maxWaitMs = 3000;

/**
 * Opens the browser's print dialog once, as soon as the page is complete: `loaded` when every message is there,
 * `laidOut` when their HTML frames have also measured themselves (a frame printed before that is cut off). A
 * frame that never reports (a browser that fires no load for srcdoc) delays the dialog by at most `maxWaitMs`.
 */
export function usePrintWhenReady(loaded: boolean, laidOut: boolean): void {
  const printed = useRef(false);
  useEffect(() => {
    if (!loaded || printed.current) return;
    const print = () => {
      if (printed.current) return;
      printed.current = true;
      window.print();
    };
    // One frame more, so the last measured height is painted before the print layout is taken.
    const timer = window.setTimeout(print, laidOut ? 100 : maxWaitMs);
    return () => window.clearTimeout(timer);
  }, [loaded, laidOut]);
}
