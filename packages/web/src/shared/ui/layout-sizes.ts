import { breakpoints, limits } from '@webmail/contracts';

/**
 * The layout constants, in one place: the breakpoints the MUI theme is built with, the sidebar's width
 * (resizable on desktop), the temporary sidebar's width on small screens, the right-hand drawer (quick settings),
 * and the dialogs' widths. Widths are CSS pixels.
 */
export const layoutSizes = {
  /** sm 600, md 905, lg 1240, xl 1440; "small screens" are `down('sm')`, the permanent sidebar starts at md. */
  breakpoints,
  /** The permanent sidebar: dragged on its edge between min and max, saved as `panelSizes.sidePanel`. */
  sidePanel: limits.sidePanel,
  /** The temporary sidebar below md. */
  mobileSidebarWidth: 320,
  /** The drawer on the right (quick settings). */
  rightDrawerWidth: 311,
  /** The folder form (create, rename). */
  folderDialogMaxWidth: 543,
  /** Every other dialog unless it needs more room (an attachment preview). */
  dialogMaxWidth: 545,
} as const;

/** Keeps a side panel width within `layoutSizes.sidePanel` (min and max), whole pixels. */
export function clampSidePanelWidth(width: number): number {
  const { min, max } = layoutSizes.sidePanel;
  return Math.min(max, Math.max(min, Math.round(width)));
}
