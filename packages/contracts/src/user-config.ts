import { z } from 'zod';
import { Language } from './locales.js';

/** Dark mode: always light, always dark, or as the device's system setting says (beyond the spec's light/dark). */
export const darkModes = ['light', 'dark', 'system'] as const;
export const DarkMode = z.enum(darkModes);
export type DarkMode = z.infer<typeof DarkMode>;

/** Where the reader goes after it moved or deleted the open message: the next one, the previous one, or the list. */
export const afterRemoveChoices = ['next', 'previous', 'list'] as const;
export const AfterRemove = z.enum(afterRemoveChoices);
export type AfterRemove = z.infer<typeof AfterRemove>;
import { defaultListSort, ListMode, ListSort } from './messages.js';
import { limits } from './constants.js';

/** Sizes of resizable panels, in CSS pixels (`panelSizes`): the sidebar's width (256–512). */
export const PanelSizes = z.object({
  sidePanel: z.number().int().min(limits.sidePanel.min).max(limits.sidePanel.max),
});
export type PanelSizes = z.infer<typeof PanelSizes>;
export const defaultPanelSizes: PanelSizes = { sidePanel: limits.sidePanel.default };

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
 * The per-user configuration store (`GET/PATCH /u/{i}/config`): settings of the General and Appearance pages that
 * are not user details (`userDetails` in account.ts holds those). Kept with the account, so they follow the user to every browser; what
 * belongs to one device (desktop notifications, which need that browser's permission) stays on the device.
 */
export const UserConfig = z
  .object({
    /** The interface language; null until the user chooses one (the device's choice applies). */
    language: Language.nullable(),
    /** Light, dark or the system's choice; the theme name is the colour plus `-dark` when dark applies. */
    darkMode: DarkMode,
    /** Lists show conversations or single messages (the list header's toggle and the Appearance page). */
    listMode: ListMode,
    /** After moving or deleting the open message. */
    afterRemove: AfterRemove,
    /** Keyboard shortcuts (j / k and the list's keys). */
    shortcuts: z.boolean(),
    /** The order of message lists (every folder), chosen in the list header. */
    listSort: ListSort,
    /** The actions of a row swiped to the left and to the right (Settings → General). */
    swipe: SwipeSettings,
    /** The sidebar's width, dragged on its edge (desktop). */
    panelSizes: PanelSizes,
  })
  .meta({ id: 'UserConfig' });
export type UserConfig = z.infer<typeof UserConfig>;

export const defaultUserConfig: UserConfig = {
  language: null,
  darkMode: 'system',
  listMode: 'messages',
  afterRemove: 'list',
  shortcuts: true,
  listSort: defaultListSort,
  swipe: defaultSwipeSettings,
  panelSizes: defaultPanelSizes,
};

/** PATCH /config: any of the fields; the others stay. */
export const UserConfigPatch = z
  .object({
    language: Language.nullable().optional(),
    darkMode: DarkMode.optional(),
    listMode: ListMode.optional(),
    afterRemove: AfterRemove.optional(),
    shortcuts: z.boolean().optional(),
    listSort: ListSort.strict().optional(),
    swipe: SwipeSettings.strict().optional(),
    panelSizes: PanelSizes.strict().optional(),
  })
  .strict();
export type UserConfigPatch = z.infer<typeof UserConfigPatch>;
