import { defaultUserConfig, type ListMode } from '@webmail/contracts';
import { useCallback } from 'react';
import { useUserConfig } from '../api/user-config';
import { useSettingsSaver } from './use-settings-saver';

/**
 * Conversations or single messages as stored with the account (`listMode` of the configuration store): the list
 * header's toggle and the Appearance page change the same value. The layouts give it to the messages feature's
 * `ListModeContext`.
 */
export function useStoredListMode(userIndex: number): [ListMode, (mode: ListMode) => void] {
  const mode = useUserConfig(userIndex).data?.listMode ?? defaultUserConfig.listMode;
  const save = useSettingsSaver(userIndex);
  const setMode = useCallback((listMode: ListMode) => save({ config: { listMode } }), [save]);
  return [mode, setMode];
}
