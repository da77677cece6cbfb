import { useQueryClient } from '@tanstack/react-query';
import { defaultSwipeSettings, type ListSort, type UserConfig } from '@webmail/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { settingsKeys } from './settings.keys';
import { listSortOf } from '../lib/list-settings';
import { useUpdateUserConfig, useUserConfig } from './user-config';

/**
 * The list options kept in the configuration store (`listSort`, `swipe`), for the message lists (the layouts hand
 * them over through messages' `ListOptionsContext`). An order chosen in the list applies at once; a failed save puts
 * the previous order back and says so.
 */
export function useStoredListOptions(userIndex: number) {
  const { t } = useTranslation('settings');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const config = useUserConfig(userIndex);
  const update = useUpdateUserConfig(userIndex);
  const { mutate } = update;
  const sort = listSortOf(config.data);
  const swipe = config.data?.swipe ?? defaultSwipeSettings;

  const setSort = useCallback(
    (next: ListSort) => {
      const key = settingsKeys.config(userIndex);
      const previous = queryClient.getQueryData<UserConfig>(key);
      if (previous) queryClient.setQueryData<UserConfig>(key, { ...previous, listSort: next });
      mutate(
        { listSort: next },
        {
          onError: () => {
            if (previous) queryClient.setQueryData<UserConfig>(key, previous);
            snackbar.show({ type: 'error', message: t('listSort.saveFailed') });
          },
        },
      );
    },
    [userIndex, queryClient, mutate, snackbar, t],
  );
  // Without the stored configuration (still loading, or unreadable) the order cannot be kept: no picker yet.
  return useMemo(
    () => ({ sort, setSort: config.data ? setSort : undefined, swipe }),
    [sort, setSort, config.data, swipe],
  );
}
