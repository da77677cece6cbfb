import { useLayoutEffect, type RefObject } from 'react';

/**
 * The height the open snackbars take at the bottom of the screen, with their margin, as a CSS length ('0px' when
 * none is open). What must stay visible while a snackbar shows — the phone's compose button, the storage bar, the
 * folder-reorder hint — moves up by it (`bottom` or a bottom margin), as Material's floating buttons do.
 */
export const snackbarLane = 'var(--snackbar-lane, 0px)';

const laneProperty = '--snackbar-lane';

/** Keeps `--snackbar-lane` on the document at the stack's height (plus its distance from the bottom edge). */
export function useSnackbarLane(stack: RefObject<HTMLElement | null>, open: boolean) {
  useLayoutEffect(() => {
    const element = stack.current;
    const root = document.documentElement;
    if (!element || !open) {
      root.style.setProperty(laneProperty, '0px');
      return;
    }
    const measure = () => {
      const { top } = element.getBoundingClientRect();
      // From the stack's top edge to the bottom of the viewport, and a small gap above it.
      root.style.setProperty(laneProperty, `${Math.max(0, Math.ceil(window.innerHeight - top + 8))}px`);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [stack, open]);
  useLayoutEffect(() => () => document.documentElement.style.setProperty(laneProperty, '0px'), []);
}
