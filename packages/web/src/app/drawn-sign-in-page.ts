/**
 * The sign-in page drawn by its HTML (scripts/html-pages.ts, scripts/sign-in-drawing.tsx): the element in `#root`
 * that holds the drawing, and the class the page's check puts on `<html>` where the app would look otherwise (the
 * drawing hidden, the loading spinner shown).
 */
export const drawnPage = { id: 'drawn', hiddenClass: 'undrawn' } as const;
