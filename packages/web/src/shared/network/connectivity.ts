/**
 * Whether the app can reach the server, as one small store the offline banner, the query client
 * (`onlineManager`), the mutation guard and the API client read:
 * - `offline`: the browser says it has no network (`navigator.onLine` false; its `online`/`offline` events);
 * - `unreachable`: the browser says online, but a request failed with a network error (no answer at all: a
 *   captive portal, a dropped VPN, the server down) and nothing has answered since;
 * - `online`: otherwise.
 * `navigator.onLine` alone misses the second case (it is true on any network interface, reachable or not), and a
 * failed request alone would keep saying "offline" after the network came back; the app's reachability probe
 * (`app/offline/connect-connectivity.ts`) asks the server again while it is unreachable. Any answer from the server,
 * even an error status, proves it is reachable.
 */
export type Connectivity = 'online' | 'offline' | 'unreachable';

type Listener = () => void;

const listeners = new Set<Listener>();
let unreachable = false;
let browserOnline = readBrowserOnline();
let current: Connectivity = compute();
let watching = false;

function readBrowserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function compute(): Connectivity {
  if (!browserOnline) return 'offline';
  return unreachable ? 'unreachable' : 'online';
}

function update(): void {
  const next = compute();
  if (next === current) return;
  current = next;
  for (const listener of [...listeners]) listener();
}

const onBrowserChange = () => {
  browserOnline = readBrowserOnline();
  // The network came back: whatever failed before says nothing about now.
  if (browserOnline) unreachable = false;
  update();
};

function watchBrowser(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('online', onBrowserChange);
  window.addEventListener('offline', onBrowserChange);
}

export function connectivity(): Connectivity {
  watchBrowser();
  // Read again: a page that only polls (no listener yet) still sees the browser's current state.
  browserOnline = readBrowserOnline();
  current = compute();
  return current;
}

/** True while requests to the server cannot succeed: the browser is offline or the server unreachable. */
export function isOffline(): boolean {
  return connectivity() !== 'online';
}

export function subscribeConnectivity(listener: Listener): () => void {
  watchBrowser();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A request got no answer (a network error, not a timeout nor an HTTP error). */
export function reportNetworkError(): void {
  browserOnline = readBrowserOnline();
  unreachable = true;
  update();
}

/** The server answered something: it is reachable. */
export function reportServerAnswer(): void {
  if (!unreachable) return;
  unreachable = false;
  update();
}

/** Back to the start state (tests, between cases). */
export function resetConnectivity(): void {
  unreachable = false;
  browserOnline = readBrowserOnline();
  update();
}
