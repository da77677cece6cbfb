import { useCallback, useState } from 'react';

/**
 * Whether an element is narrower than `threshold` px, followed as it resizes. The conversation lays its message
 * headers out by its own width, not the window's: in the 3-panel layout on a 1024 px screen the reading pane is
 * as narrow as a phone. `attach` is the element's ref (a callback ref with cleanup, so no effect sets state).
 * Narrow until measured: the phone layout is the safe first paint.
 */
export function useNarrow(threshold: number): [boolean, (element: HTMLElement | null) => void] {
  const [narrow, setNarrow] = useState(true);
  const attach = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      const update = () => setNarrow(element.clientWidth < threshold);
      update();
      if (typeof ResizeObserver === 'undefined') return;
      const observer = new ResizeObserver(update);
      observer.observe(element);
      return () => observer.disconnect();
    },
    [threshold],
  );
  return [narrow, attach];
}
