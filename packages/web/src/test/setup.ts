import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { restoreConnectivity } from './connectivity';
import { clearCookies } from './cookies';
import { installMatchMedia, setViewportWidth } from './media-query';
import { setUserTimeZone } from '../shared/format/format-date';
import { resetAppearance } from '../shared/ui/appearance';
import { setShortcutsEnabled } from '../shared/ui/keyboard-shortcuts';
import { server } from './msw-server';

// The whole app renders through lazy routes; on a busy 2-core CI machine the first screen can take over the
// default 1 s of findBy*/waitFor. A longer ceiling costs nothing when tests pass quickly.
configure({ asyncUtilTimeout: 10_000 });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
installMatchMedia();
Element.prototype.scrollTo ??= function scrollTo() {};
// jsdom does no layout: give scroll containers a viewport so the virtual list renders rows.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 400 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => setViewportWidth(360));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  clearCookies();
  restoreConnectivity();
  window.localStorage.clear();
  resetAppearance();
  setShortcutsEnabled(true);
  setUserTimeZone(null);
});
// Tiptap's editor is destroyed 1 ms after its component unmounts (@tiptap/react `scheduleDestroy`): after a file's
// last test that timer must fire while the file's jsdom window still exists, or its destroy throws "window is not
// defined" outside any test and fails the run (seen once in CI, composer-drafts.test.tsx).
afterAll(async () => {
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 20));
  server.close();
});
