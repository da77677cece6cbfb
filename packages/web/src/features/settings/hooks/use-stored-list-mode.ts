import type { ListMode } from '@webmail/contracts';
import { useCallback, useEffect } from 'react';
import { rememberListMode } from '../../messages/api/list-mode';
import { useUserConfig } from '../api/user-config';
import { listModeOf } from '../lib/list-settings';
import { useSettingsSaver } from './use-settings-saver';

/**
 * Conversations or single messages as stored with the account (`listMode` of the configuration store): the list
 * header's toggle and the Appearance page change the same value. Until the configuration is read, the mode last
 * shown on this device stands in (so the list does not load twice). The layouts give it to the messages feature's
 * `ListModeContext`.
 */
export function useStoredListMode(userIndex: number): [ListMode, (mode: ListMode) => void] {
  const config = useUserConfig(userIndex).data;
  const stored = config?.listMode;
  const mode = listModeOf(config, userIndex);
  useEffect(() => {
    if (stored) rememberListMode(userIndex, stored);
  }, [stored, userIndex]);
  const save = useSettingsSaver(userIndex);
  const setMode = useCallback((listMode: ListMode) => save({ config: { listMode } }), [save]);
  return [mode, setMode];
}
