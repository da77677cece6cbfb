/**
 * Files over a size limit of `size-limits.js`, with the rules they break. Empty since 2026-11-29 (72 files on
 * 2026-11-28): split a file that grows past a limit; never add one here.
 */
export const sizeOffenders = {};
