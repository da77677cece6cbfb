/**
 * The favicon with a count: the app's own SVG icon, nested unchanged, with a pill in its top-right corner. An SVG
 * data URL rather than a canvas drawing: no image to load and decode first, sharp at every size the browser picks.
 */
export function badgedFavicon(iconSvg: string, count: number): string {
  const label = count > 99 ? '99+' : String(count);
  const width = 10 + 8 * label.length;
  const x = 32 - width;
  const icon = iconSvg.replace(/<\?xml[^>]*\?>/, '').trim();
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${icon}` +
    `<rect x="${x + 1}" y="1" width="${width - 2}" height="18" rx="9" fill="#fff" stroke="#b00e22" stroke-width="2"/>` +
    `<text x="${x + width / 2}" y="15" text-anchor="middle" font-family="Roboto,Arial,sans-serif" ` +
    `font-size="14" font-weight="700" fill="#b00e22">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
