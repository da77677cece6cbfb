import { useEffect, useLayoutEffect, useRef } from 'react';

/** Where each list was scrolled to, by its key, for this page's life (not stored). */
const positions = new Map<string, number>();

/**
 * A list remembers where it was scrolled to: a list left for a message (2-panel, phones) and opened again — or a
 * search opened again — comes back at the same rows. A list not seen before starts at the top. `ready` is true
 * once its rows are rendered (before that the content is too short to scroll).
 */
export function useScrollMemory(element: HTMLElement | null, key: string, ready: boolean): number {
  const restored = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (!element || !ready) return;
    const first = restored.current !== element;
    restored.current = element;
    // The element comes a render after the rows (MessageListScrollBox): a reader who scrolled them in between is
    // left where they are.
    if (first && element.scrollTop > 0) return;
    element.scrollTo({ top: positions.get(key) ?? 0 });
  }, [element, key, ready]);

  useEffect(() => {
    if (!element) return;
    const remember = () => positions.set(key, element.scrollTop);
    element.addEventListener('scroll', remember, { passive: true });
    return () => element.removeEventListener('scroll', remember);
  }, [element, key]);
  // The virtual list starts there too: it scrolls to its own idea of the offset when it first sees the element.
  return positions.get(key) ?? 0;
}
