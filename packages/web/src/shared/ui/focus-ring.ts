/**
 * The app's focus indicator where a component has none of its own (a ButtonBase, the body editor, a scrolling
 * region): a 2 px ring in the primary colour, just outside the element.
 */
export const focusRing = { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } as const;
