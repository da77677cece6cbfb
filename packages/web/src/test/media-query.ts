/**
 * jsdom has no matchMedia. This one answers width queries against a settable viewport width, so tests can
 * render the phone layout (default) or the 3-panel desktop layout; colour-scheme queries answer "light".
 */
let viewportWidth = 360;

export function setViewportWidth(width: number): void {
  viewportWidth = width;
}

function matches(query: string): boolean {
  return query
    .replace(/^@media\s*/, '')
    .split(/\s+and\s+/)
    .every((part) => {
      const min = /\(min-width:\s*([\d.]+)px\)/.exec(part);
      if (min) return viewportWidth >= Number(min[1]);
      const max = /\(max-width:\s*([\d.]+)px\)/.exec(part);
      if (max) return viewportWidth <= Number(max[1]);
      return false;
    });
}

export function installMatchMedia(): void {
  window.matchMedia = (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
