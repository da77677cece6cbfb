// Renders the web app's install icons (packages/web/public/icons/*.png) from its favicon with Debian's Chromium.
// Run once after changing the logo: `node scripts/generate-web-icons.mjs`; the PNGs are committed, so the build
// needs no browser and no image tool.
//
// - icon-192.png, icon-512.png ("any"): the favicon as it is, transparent corners.
// - icon-maskable-512.png ("maskable"): the red fills the whole square (the platform cuts its own shape), the
//   envelope stays inside the safe zone (the centre circle of 80 % diameter): its farthest corner is 34 % of the
//   width from the centre.
// - apple-touch-icon.png (180 px): full square without transparency; iOS rounds the corners itself.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'packages/web/public');
const outDir = path.join(publicDir, 'icons');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
// The favicon's rounded square becomes a full-bleed square; the envelope is kept as it is.
const fullBleed = favicon.replace(/<rect [^>]*\/>/, '<rect width="32" height="32" fill="#b00e22"/>');
if (fullBleed === favicon) throw new Error('favicon.svg has no <rect> background to widen');

const icons = [
  { file: 'icon-192.png', svg: favicon, size: 192 },
  { file: 'icon-512.png', svg: favicon, size: 512 },
  { file: 'icon-maskable-512.png', svg: fullBleed, size: 512 },
  { file: 'apple-touch-icon.png', svg: fullBleed, size: 180 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  mkdirSync(outDir, { recursive: true });
  const page = await browser.newPage();
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const source = `data:image/svg+xml;base64,${Buffer.from(icon.svg).toString('base64')}`;
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${source}" width="${icon.size}" height="${icon.size}" style="display:block"></body></html>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    const png = await page.screenshot({ omitBackground: true });
    writeFileSync(path.join(outDir, icon.file), png);
    console.log(`${icon.file}: ${icon.size}×${icon.size}, ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
