import { ListMode, type ListMode as ListModeValue } from '@webmail/contracts';
import { useCallback, useState } from 'react';

const storageKey = (userIndex: number) => `webmail.listMode.${userIndex}`;

function readMode(userIndex: number): ListModeValue {
  try {
    const parsed = ListMode.safeParse(window.localStorage.getItem(storageKey(userIndex)));
    return parsed.success ? parsed.data : 'messages';
  } catch {
    return 'messages';
  }
}

/**
 * Conversations or single messages, remembered on this device per account (not a server setting: the user
 * details have no field for it). Storage failures only mean the choice is not remembered.
 */
export function useListMode(userIndex: number): [ListModeValue, (mode: ListModeValue) => void] {
  const [state, setState] = useState(() => ({ userIndex, mode: readMode(userIndex) }));
  const current = state.userIndex === userIndex ? state : { userIndex, mode: readMode(userIndex) };
  if (current !== state) setState(current);

  const setMode = useCallback(
    (mode: ListModeValue) => {
      setState({ userIndex, mode });
      try {
        window.localStorage.setItem(storageKey(userIndex), mode);
      } catch {
        // Not remembered this time; the list still switches.
      }
    },
    [userIndex],
  );
  return [current.mode, setMode];
}
