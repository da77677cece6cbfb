/**
 * The sign-in page drawn by its HTML (scripts/html-pages.ts, scripts/sign-in-drawing.tsx): the element in `#root`
 * that holds the drawing, and the class the page's check puts on `<html>` where the app would look otherwise (the
 * drawing hidden, the loading spinner shown).
 */
export const drawnPage = { id: 'drawn', hiddenClass: 'undrawn' } as const;

/** Whether this page shows the drawing (the app's first render then replaces it with the same page). */
export function showsDrawnPage(): boolean {
  return (
    document.getElementById(drawnPage.id) !== null &&
    !document.documentElement.classList.contains(drawnPage.hiddenClass)
  );
}
