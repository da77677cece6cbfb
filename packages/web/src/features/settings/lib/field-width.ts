/**
 * The one width of the General page's fields (language, time zone, the two swipe choices side by side), so they
 * line up in one column instead of three widths.
 */
export const settingsFieldWidth = 420;
