import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import {
  addSettingsChange,
  keepUnsavedShown,
  saveSettingsBatch,
  unsavedChanges,
  type CurrentSettings,
  type SettingsBatch,
  type SettingsChange,
} from '../api/settings-save-batch';

/**
 * Appearance and General settings: a change shows at once (the cached details and configuration are
 * patched, and everything drawn from them follows), and is saved 1 s after the last change, one PATCH per store.
 * When a save fails the caches go back to what they held before the batch and a notice says so. A change still
 * waiting is sent when the page goes away, so leaving right after a change keeps it.
 */
export function useSettingsSaver(
  userIndex: number,
): (change: SettingsChange | ((current: CurrentSettings) => SettingsChange)) => void {
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const { t } = useTranslation('settings');
  const failed = useRef(() => {});
  useEffect(() => {
    failed.current = () =>
      snackbar.show({ type: 'error', key: 'settings-save-failed', message: t('appearance.saveFailed') });
  });
  const target = useMemo<SettingsBatch>(
    () => ({
      queryClient,
      userIndex,
      unsaved: unsavedChanges(queryClient, userIndex),
      onFailed: () => failed.current(),
    }),
    [queryClient, userIndex],
  );

  const save = useCallback(
    (options: { keepalive?: boolean } = {}) => saveSettingsBatch(target, options),
    [target],
  );
  const change = useCallback(
    (nextOrUpdate: SettingsChange | ((current: CurrentSettings) => SettingsChange)) =>
      addSettingsChange(target, nextOrUpdate, () => void save()),
    [target, save],
  );

  useEffect(() => keepUnsavedShown(queryClient, userIndex, target.unsaved), [target, queryClient, userIndex]);

  // Leaving the page (a reload, a closed tab) sends a waiting change at once, on a request that outlives the page.
  useEffect(() => {
    const flush = () => void save({ keepalive: true });
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      void save();
    };
  }, [save]);
  return change;
}
