import { useEffect } from 'react';

/**
 * Loads the @font-face rules (`fonts.css`) once the app's first render has been painted. The text needs no font to
 * show (`font-display: swap`: the first paint used the fallback even when the rules came first, since a page's
 * fonts load on the first layout that needs them), and where the fonts' downloads ended before that paint,
 * Lighthouse's simulated phone put them (six files on its slow 4G) before the largest text: up to half of the
 * mailbox's runs had an LCP ~0.75 s later. A stylesheet the app loads, never a <link> in the page, which would block
 * its first paint.
 */
export function FontsAfterFirstPaint() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame after the first commit's, then a task: that frame has been painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => void import('./fonts.css'));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return null;
}
