import { z } from 'zod';
import { Language } from './locales.js';
import { defaultListSort, ListSort } from './messages.js';

/**
 * What a touch swipe on a list row does: archive, move to Trash (delete forever in Trash and Junk, after asking),
 * toggle read, or nothing.
 */
export const swipeActions = ['archive', 'trash', 'read', 'none'] as const;
export const SwipeAction = z.enum(swipeActions);
export type SwipeAction = z.infer<typeof SwipeAction>;
export const SwipeSettings = z.object({ left: SwipeAction, right: SwipeAction });
export type SwipeSettings = z.infer<typeof SwipeSettings>;
export const defaultSwipeSettings: SwipeSettings = { left: 'trash', right: 'archive' };

/**
 * The per-user configuration store (`GET/PATCH /u/{i}/config`): settings of the General page that are not user
 * details (spec §3 lists those). Kept with the account, so they follow the user to every browser; what belongs to
 * one device (desktop notifications, which need that browser's permission) stays on the device.
 */
export const UserConfig = z
  .object({
    /** The interface language; null until the user chooses one (the device's choice applies). */
    language: Language.nullable(),
    /** The order of message lists (every folder), chosen in the list header. */
    listSort: ListSort,
    /** The actions of a row swiped to the left and to the right (Settings → General). */
    swipe: SwipeSettings,
  })
  .meta({ id: 'UserConfig' });
export type UserConfig = z.infer<typeof UserConfig>;

export const defaultUserConfig: UserConfig = {
  language: null,
  listSort: defaultListSort,
  swipe: defaultSwipeSettings,
};

/** PATCH /config: any of the fields; the others stay. */
export const UserConfigPatch = z
  .object({
    language: Language.nullable().optional(),
    listSort: ListSort.strict().optional(),
    swipe: SwipeSettings.strict().optional(),
  })
  .strict();
export type UserConfigPatch = z.infer<typeof UserConfigPatch>;
