/**
 * jsdom has no matchMedia. This one answers width queries against a settable viewport width, so tests can
 * render the phone layout (default) or the 3-panel desktop layout; colour-scheme queries answer "light".
 */
let viewportWidth = 360;

type Listener = (event: MediaQueryListEvent) => void;
/** What the rendered components listen to: told when a width change turns their query's answer. */
const listeners = new Set<{ query: string; listener: Listener; last: boolean }>();

/** Sets the width the queries answer against; listening components (MUI `useMediaQuery`) hear of the change. */
export function setViewportWidth(width: number): void {
  viewportWidth = width;
  for (const entry of [...listeners]) {
    const now = matches(entry.query);
    if (now === entry.last) continue;
    entry.last = now;
    entry.listener({ matches: now, media: entry.query } as MediaQueryListEvent);
  }
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
  window.matchMedia = (query: string) => {
    const registered = new Map<Listener, { query: string; listener: Listener; last: boolean }>();
    const add = (listener: Listener) => {
      const entry = { query, listener, last: matches(query) };
      registered.set(listener, entry);
      listeners.add(entry);
    };
    const remove = (listener: Listener) => {
      const entry = registered.get(listener);
      if (entry) listeners.delete(entry);
      registered.delete(listener);
    };
    return {
      get matches() {
        return matches(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => add(listener),
      removeEventListener: (_type: string, listener: Listener) => remove(listener),
      addListener: add,
      removeListener: remove,
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
  };
}
