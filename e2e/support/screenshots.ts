import path from 'node:path';
import type { Page } from '@playwright/test';
import { screenshotDir } from './environment';

type Size = { width: number; height: number };
type Scheme = 'light' | 'dark';

/**
 * `E2E_LOOKS=all` takes each screen at every width a spec lists, light and dark, in every language it lists: the
 * run a developer makes to look at the screens. Otherwise (`npm test`) each screen is taken twice — light at its
 * widest size and dark at its narrowest, so both the desktop and the phone layout are reached and checked — and in
 * Finnish only. Every check a spec makes before a shot still runs for each shot it takes.
 */
export const everyLook = process.env.E2E_LOOKS === 'all';

/** The looks of a screen to take: all of `looks`, or the widest light one and the narrowest dark one. */
export function pickLooks<L extends { scheme: Scheme; size: Size }>(looks: readonly L[]): L[] {
  if (everyLook) return [...looks];
  const widest = (a: L, b: L) => (b.size.width > a.size.width ? b : a);
  const narrowest = (a: L, b: L) => (b.size.width < a.size.width ? b : a);
  const light = looks.filter((look) => look.scheme === 'light');
  const dark = looks.filter((look) => look.scheme === 'dark');
  return [...(light.length ? [light.reduce(widest)] : []), ...(dark.length ? [dark.reduce(narrowest)] : [])];
}

/** Each of `sizes` light, then each dark (the whole matrix with E2E_LOOKS=all), as {@link pickLooks} chooses. */
export function looksAt<S extends Size>(sizes: readonly S[]): Array<{ scheme: Scheme; size: S }> {
  const schemes: Scheme[] = ['light', 'dark'];
  return pickLooks(schemes.flatMap((scheme) => sizes.map((size) => ({ scheme, size }))));
}

/** The languages a screenshot spec runs in: all it lists with E2E_LOOKS=all, else Finnish (or its first). */
export function lookLanguages<L extends string>(languages: readonly L[]): L[] {
  if (everyLook) return [...languages];
  return languages.includes('fi' as L) ? ['fi' as L] : languages.slice(0, 1);
}

/** The widths screenshots are taken at (phone, laptop, desktop). */
export const screenshotWidths = [
  { width: 360, height: 780 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
] as const;

/**
 * What the page shows now, at each width, light and dark ({@link looksAt}), as `{name}-{scheme}-{width}.png` in
 * the screenshot directory (checked by eye); the page is left at the desktop width.
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
 * The screen as it stands, shot light and dark at each of `sizes` ({@link looksAt}) as `{name}-{scheme}-{width}.png` in the
 * screenshot directory: the app follows the viewport and the colour scheme without a reload, so one page load (and
 * one opened dialog or filled form) serves every shot. `ready` checks before each shot that the screen still shows
 * what it should (and may bring it back, as a narrow screen's closed drawer).
 */
export async function shootLooks(
  page: Page,
  name: string,
  sizes: readonly Size[],
  ready: (size: Size) => Promise<void>,
): Promise<void> {
  for (const { scheme, size } of looksAt(sizes)) {
    await showLook(page, scheme, size);
    await ready(size);
    await shootScreen(page, path.join(screenshotDir, `${name}-${scheme}-${size.width}.png`));
  }
}

/** The page in `scheme` at `size` (the app follows both without a reload). */
export async function showLook(page: Page, scheme: Scheme, size: Size): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.setViewportSize(size);
}

/**
 * Waits until the page looks as it will stay: its web fonts in and every animation (the colours' transitions after
 * a scheme change) over. A transition cut short by the next one rejects its promise: that is settled too.
 */
export async function settleLook(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
  });
}
