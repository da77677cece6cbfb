import { act } from '@testing-library/react';
import { resetConnectivity } from '../shared/network/connectivity';

/**
 * The browser's network state in jsdom: `navigator.onLine` is made settable and the `online`/`offline` events are
 * sent as a browser would. Test setup puts it back online after each test.
 */
let browserOnline = true;
Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => browserOnline });

export function setBrowserOnline(online: boolean): void {
  act(() => {
    browserOnline = online;
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

export function restoreConnectivity(): void {
  browserOnline = true;
  resetConnectivity();
}
