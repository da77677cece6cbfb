import { sizeOffenders } from './size-offenders.js';

/**
 * Files stay small enough to read in one sitting: at most 250 lines of code per file, 60 per function (120 for a
 * React component file, whose JSX is long by nature). Blank lines and comments do not count. Tests are held to the
 * file size only: a `describe` callback is one long function by design.
 *
 * The files over a limit today are listed in `size-offenders.js` with the rules they break; the list may only
 * shrink. A new file over a limit fails lint.
 */
const options = { skipBlankLines: true, skipComments: true };
const tests = [
  '**/*.test.{ts,tsx}',
  '**/*.spec.ts',
  '**/*.testing.{ts,tsx}',
  '**/test/**',
  'e2e/**',
  'bench/**',
];
const code = ['**/*.{ts,tsx,js,mjs}'];

export default [
  { files: code, rules: { 'max-lines': ['error', { max: 250, ...options }] } },
  {
    files: code,
    ignores: tests,
    rules: { 'max-lines-per-function': ['error', { max: 60, ...options }] },
  },
  {
    files: ['**/*.tsx'],
    ignores: tests,
    rules: { 'max-lines-per-function': ['error', { max: 120, ...options }] },
  },
  ...Object.entries(sizeOffenders).map(([file, rules]) => ({
    files: [file],
    rules: Object.fromEntries(rules.map((rule) => [rule, 'off'])),
  })),
];
