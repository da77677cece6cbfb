import { onlineManager } from '@tanstack/react-query';
import { systemEndpoints } from '@webmail/contracts';
import { callApi } from '../../shared/api/call-api';
import { connectivity, subscribeConnectivity } from '../../shared/network/connectivity';

/** Waits between reachability checks while the server cannot be reached: 5 s, then doubling up to 60 s. */
export const probeDelaysMs = [5_000, 10_000, 20_000, 40_000, 60_000] as const;

export interface ConnectivityWiring {
  dispose: () => void;
}

/**
 * Ties the app to its connectivity (`shared/network/connectivity.ts`):
 * - TanStack Query's `onlineManager` follows it, so queries pause while offline or unreachable (showing what
 *   the cache holds, the device's copy included) and fetch again the moment the server can be reached;
 * - while the server is unreachable but the browser online, `GET /api/` asks again on a backing-off schedule:
 *   nothing else would (paused queries send nothing), and its answer clears the state through the API client.
 *   The browser's `online` event clears it at once.
 */
export function connectConnectivity(probe: () => Promise<unknown> = defaultProbe): ConnectivityWiring {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;

  const schedule = () => {
    if (timer !== undefined || connectivity() !== 'unreachable') return;
    const delay = probeDelaysMs[Math.min(attempt, probeDelaysMs.length - 1)];
    attempt += 1;
    timer = setTimeout(() => {
      timer = undefined;
      // Failure or not, the API client reports the outcome to the connectivity store; a failure schedules again.
      void probe()
        .catch(() => undefined)
        .finally(schedule);
    }, delay);
  };

  const onChange = () => {
    if (connectivity() === 'unreachable') return schedule();
    attempt = 0;
    clearTimeout(timer);
    timer = undefined;
  };

  onlineManager.setEventListener((setOnline) => {
    setOnline(connectivity() === 'online');
    return subscribeConnectivity(() => setOnline(connectivity() === 'online'));
  });
  const unsubscribe = subscribeConnectivity(onChange);
  onChange();

  return {
    dispose: () => {
      unsubscribe();
      clearTimeout(timer);
      // Back to TanStack's own listener (the browser's online/offline events).
      onlineManager.setEventListener((setOnline) => {
        const online = () => setOnline(true);
        const offline = () => setOnline(false);
        window.addEventListener('online', online);
        window.addEventListener('offline', offline);
        return () => {
          window.removeEventListener('online', online);
          window.removeEventListener('offline', offline);
        };
      });
      onlineManager.setOnline(true);
    },
  };
}

function defaultProbe(): Promise<unknown> {
  return callApi(systemEndpoints.health, {});
}
