import path from 'node:path';
import type { Page } from '@playwright/test';
import { screenshotDir } from './environment';

/** The widths screenshots are taken at (phone, laptop, desktop). */
export const screenshotWidths = [
  { width: 360, height: 780 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
] as const;

/**
 * What the page shows now, at each width, light and dark, as `{name}-{scheme}-{width}.png` in the screenshot
 * directory (checked by eye); the page is left at the desktop width.
 */
export async function shootAtEachWidth(page: Page, name: string): Promise<void> {
  await shootLooks(page, name, screenshotWidths, async () => {});
  await page.setViewportSize(screenshotWidths[2]);
}

/** A shot of the page as it stands: fonts loaded, transitions (menus, dialogs, colours) run to their end. */
export async function shootScreen(page: Page, file: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: file, animations: 'disabled' });
}

/**
 * The screen as it stands, shot light and dark at each of `sizes` as `{name}-{scheme}-{width}.png` in the
 * screenshot directory: the app follows the viewport and the colour scheme without a reload, so one page load (and
 * one opened dialog or filled form) serves every shot. `ready` checks before each shot that the screen still shows
 * what it should (and may bring it back, as a narrow screen's closed drawer).
 */
export async function shootLooks(
  page: Page,
  name: string,
  sizes: ReadonlyArray<{ width: number; height: number }>,
  ready: (size: { width: number; height: number }) => Promise<void>,
): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of sizes) {
      await page.setViewportSize(size);
      await ready(size);
      await shootScreen(page, path.join(screenshotDir, `${name}-${scheme}-${size.width}.png`));
    }
  }
}
