import type { DisplayDensity } from '@webmail/contracts';

export interface RowLayout {
  /** Pixels; the virtual list needs a fixed row height. Never below 48: a row is a touch target on phones. */
  height: number;
  avatar: number;
  /** Compact rows put party, subject and date on one line. */
  lines: 1 | 2;
  /** Horizontal padding in theme spacing units. */
  px: number;
}

/** Row density (an appearance setting): default two lines; comfortable the same with more room; compact one line. */
export const rowLayouts: Record<DisplayDensity, RowLayout> = {
  compact: { height: 48, avatar: 28, lines: 1, px: 1 },
  default: { height: 76, avatar: 40, lines: 2, px: 1 },
  comfortable: { height: 92, avatar: 44, lines: 2, px: 2 },
};
