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
  await page.evaluate(() => document.fonts.ready);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of screenshotWidths) {
      await page.setViewportSize(size);
      await page.screenshot({ path: path.join(screenshotDir, `${name}-${scheme}-${size.width}.png`) });
    }
  }
  await page.setViewportSize(screenshotWidths[2]);
}
