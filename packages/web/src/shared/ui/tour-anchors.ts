/**
 * The elements the onboarding tour points at: each carries `data-tour` with its name, so the tour finds
 * the real control wherever it is drawn, without knowing the component that draws it.
 */
export type TourAnchorName = 'folders' | 'quick-settings' | 'security';

/** The attribute to spread on an anchor element. */
export function tourAnchor(name: TourAnchorName): { 'data-tour': TourAnchorName } {
  return { 'data-tour': name };
}

/** The CSS selector of an anchor. */
export function tourTarget(name: TourAnchorName): string {
  return `[data-tour="${name}"]`;
}
