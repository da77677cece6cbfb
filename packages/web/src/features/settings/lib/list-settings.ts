import { defaultListSort, type ListMode, type ListSort, type UserConfig } from '@webmail/contracts';
import { rememberedListMode } from '../../messages/api/list-mode';

/**
 * The list mode a user's lists show: the one stored with the account, else (configuration not read yet, or without
 * one) the mode last shown on this device. The list hooks and the Inbox list's early request use it, so their keys
 * agree.
 */
export function listModeOf(config: UserConfig | undefined, userIndex: number): ListMode {
  return config?.listMode ?? rememberedListMode(userIndex);
}

/** The order a user's lists show: the stored one, else the default. */
export function listSortOf(config: UserConfig | undefined): ListSort {
  return config?.listSort ?? defaultListSort;
}
