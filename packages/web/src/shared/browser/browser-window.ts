/**
 * Leaving the app or opening another tab, in one place: jsdom cannot navigate, and its `location.assign` cannot be
 * replaced, so tests spy on these functions instead.
 */
export const browserWindow = {
  /** Sends this tab to another application (a full page load). */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Opens a page of this app in a new tab, without giving it a handle on this one. */
  openInNewTab(url: string): void {
    window.open(url, '_blank', 'noopener');
  },
};
