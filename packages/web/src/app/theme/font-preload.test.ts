import { describe, expect, it } from 'vitest';

// Paths from this folder; index.html's addresses are from packages/web, three folders up.
const fromWebRoot = '../../../';
const [indexHtml] = Object.values(
  import.meta.glob<string>('../../../index.html', { query: '?raw', import: 'default', eager: true }),
);
const robotoFiles = Object.keys(
  import.meta.glob('../../../../../node_modules/@fontsource/roboto/files/roboto-latin-*-normal.woff2', {
    query: '?url',
  }),
);

const preloadedFonts = [...indexHtml!.matchAll(/<link\s+rel="preload"\s+as="font"[^>]*?href="([^"]+)"/g)].map(
  (match) => match[1]!,
);

describe('the fonts index.html preloads', () => {
  it('are the latin 400 and 500 files', () => {
    expect(preloadedFonts.map((href) => href.split('/').pop())).toEqual([
      'roboto-latin-400-normal.woff2',
      'roboto-latin-500-normal.woff2',
    ]);
  });

  // Vite rewrites an address to the hashed asset (the one fonts.css's @font-face rules get) only when the file is
  // there; otherwise the built page would ask for a missing file and the font would still come late.
  it('exist where the addresses point', () => {
    for (const href of preloadedFonts) expect(robotoFiles).toContain(`${fromWebRoot}${href}`);
  });
});
