import { useSyncExternalStore } from 'react';
import { connectivity, subscribeConnectivity, type Connectivity } from './connectivity';

/** The app's connectivity (`connectivity.ts`), re-rendering when it changes. */
export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribeConnectivity, connectivity, connectivity);
}
