import { ListMode, type ListMode as ListModeValue } from '@webmail/contracts';
import { createContext, useCallback, useContext, useState } from 'react';
import { listModeStorageKey } from '../lib/list-request';

/** The list mode last shown for the account on this device (what shows until the account's own is read). */
export function readMode(userIndex: number): ListModeValue {
  try {
    const parsed = ListMode.safeParse(window.localStorage.getItem(listModeStorageKey(userIndex)));
    return parsed.success ? parsed.data : 'messages';
  } catch {
    return 'messages';
  }
}

/** Remembers the list mode on this device; a storage failure only means it is not remembered. */
export function rememberMode(userIndex: number, mode: ListModeValue): void {
  try {
    window.localStorage.setItem(listModeStorageKey(userIndex), mode);
  } catch {
    // Not remembered this time; the list still switches.
  }
}

/**
 * Conversations or single messages, remembered on this device per account: where no layout provides the account's
 * stored choice (`ListModeContext`). Storage failures only mean the choice is not remembered.
 */
function useDeviceListMode(userIndex: number): [ListModeValue, (mode: ListModeValue) => void] {
  const [state, setState] = useState(() => ({ userIndex, mode: readMode(userIndex) }));
  const current = state.userIndex === userIndex ? state : { userIndex, mode: readMode(userIndex) };
  if (current !== state) setState(current);

  const setMode = useCallback(
    (mode: ListModeValue) => {
      setState({ userIndex, mode });
      rememberMode(userIndex, mode);
    },
    [userIndex],
  );
  return [current.mode, setMode];
}

export type ListModeHook = (userIndex: number) => [ListModeValue, (mode: ListModeValue) => void];

/**
 * Where the list mode is kept: the layouts provide the settings feature's (stored with the account, so it follows
 * the user to every browser and the Appearance page changes it too); without one it is kept on this device.
 */
export const ListModeContext = createContext<ListModeHook>(useDeviceListMode);

/** Conversations or single messages, for the lists of this account. */
export function useListMode(userIndex: number): [ListModeValue, (mode: ListModeValue) => void] {
  return useContext(ListModeContext)(userIndex);
}
