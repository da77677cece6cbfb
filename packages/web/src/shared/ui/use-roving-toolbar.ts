import { useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';

const itemSelector = 'button, [role="button"], [role="checkbox"], a[href]';

function itemsOf(toolbar: HTMLElement | null): HTMLElement[] {
  if (!toolbar) return [];
  return Array.from(toolbar.querySelectorAll<HTMLElement>(itemSelector)).filter(
    (item) => !item.hasAttribute('disabled') && item.getAttribute('aria-disabled') !== 'true',
  );
}

/** Where an arrow, Home or End key moves among `count` items (arrows wrap round), or null for another key. */
export function rovingIndex(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  if (key === 'ArrowRight') return (current + 1) % count;
  if (key === 'ArrowLeft') return (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * A toolbar as one Tab stop (the WAI-ARIA toolbar pattern): only its current control is in the tab order; the
 * arrow keys, Home and End move between its enabled controls. Spread the result on the `role="toolbar"` element.
 * The controls' tab order is set on the elements after each render, so the toolbar's children need no props.
 */
export function useRovingToolbar<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const current = useRef(0);
  const sync = () => {
    const items = itemsOf(ref.current);
    const active = Math.min(current.current, items.length - 1);
    items.forEach((item, index) => {
      item.tabIndex = index === active ? 0 : -1;
    });
  };
  useLayoutEffect(sync);
  return {
    ref,
    onFocus: (event: FocusEvent<T>) => {
      const index = itemsOf(ref.current).indexOf(event.target as HTMLElement);
      if (index < 0) return;
      current.current = index;
      sync();
    },
    onKeyDown: (event: KeyboardEvent<T>) => {
      const items = itemsOf(ref.current);
      const from = items.indexOf(event.target as HTMLElement);
      if (from < 0) return;
      const next = rovingIndex(event.key, from, items.length);
      if (next === null) return;
      event.preventDefault();
      items[next]!.focus();
    },
  };
}
