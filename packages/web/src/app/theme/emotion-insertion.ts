import { useInsertionEffect } from 'react';

/**
 * Stands in for `@emotion/use-insertion-effect-with-fallbacks` (aliased in vite.config.ts): emotion's styled
 * components and `css` prop compile and insert their styles while React renders them, as emotion does where React
 * has no `useInsertionEffect`, instead of in React's commit. A page's first render is a transition that React
 * renders in slices and can pause between them, but commits in one task: with the styles inserted in the commit,
 * stylis compiling and `insertRule` of every new style of the page (about a third of the mailbox's first commit on a
 * phone, bench/README) added to that one long task. Inserting twice is not possible (emotion inserts a style once
 * per cache and name), and a render React discards leaves only rules nothing uses yet.
 *
 * `Global` styles keep React's insertion effect (the module's second export), as with the package.
 */
export function useInsertionEffectAlwaysWithSyncFallback(create: () => unknown): void {
  create();
}

export const useInsertionEffectWithLayoutFallback = useInsertionEffect;
