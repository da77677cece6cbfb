/**
 * What a list's first request is made of beside the user's settings, kept apart from React: the page's start script
 * (scripts/start-after-paint.ts) asks for the Inbox's first page with them before the app runs.
 */

/** Rows per request; the list asks for the next page as the user scrolls near the end. */
export const messagePageSize = 50;

/** Where the device keeps the list mode of account `userIndex` (its prefix for `''`). */
export const listModeStorageKey = (userIndex: number | '') => `webmail.listMode.${userIndex}`;
