import { limits } from '@webmail/contracts';
import { useCallback } from 'react';
import { clampSidePanelWidth } from '../../../shared/ui/layout-sizes';
import { useSettingsSaver } from '../hooks/use-settings-saver';
import { useUserConfig } from './user-config';

/**
 * The sidebar's width kept in the configuration store (`panelSizes.sidePanel`): the layouts draw the sidebar
 * with it and save a dragged width through the settings saver (applied at once, saved 1 s after the last change, put
 * back with a notice when the save fails). Without the stored configuration the default shows and nothing is saved.
 */
export function useSidePanelWidth(userIndex: number): {
  width: number;
  setWidth: ((width: number) => void) | undefined;
} {
  const config = useUserConfig(userIndex).data;
  const save = useSettingsSaver(userIndex);
  const setWidth = useCallback(
    (width: number) => save({ config: { panelSizes: { sidePanel: clampSidePanelWidth(width) } } }),
    [save],
  );
  return {
    width: config?.panelSizes.sidePanel ?? limits.sidePanel.default,
    setWidth: config ? setWidth : undefined,
  };
}
