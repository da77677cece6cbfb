import { badgedFavicon } from './favicon-badge';

/** The page's icon link and its own address, read once (before the first badge replaces it). */
let original: { link: HTMLLinkElement; href: string; svg: Promise<string | null> } | null = null;
let sequence = 0;

function iconLink() {
  if (original?.link.isConnected) return original;
  const link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) return null;
  const href = link.getAttribute('href') ?? '';
  // Only an SVG icon can be drawn on without decoding it; any other keeps its look, without a count.
  const svg = /\.svg(\?|$)/.test(href)
    ? fetch(href)
        .then((response) => (response.ok ? response.text() : null))
        .catch(() => null)
    : Promise.resolve(null);
  original = { link, href, svg };
  return original;
}

/** Shows `count` on the favicon, or the plain icon for 0. The page keeps whatever icon it has when it has none. */
export async function setFaviconCount(count: number): Promise<void> {
  const mine = ++sequence;
  // Without a count there is nothing to draw: the icon is read (and its SVG fetched) only for the first badge.
  if (count <= 0) {
    if (original?.link.isConnected) original.link.href = original.href;
    return;
  }
  const icon = iconLink();
  if (!icon) return;
  const svg = await icon.svg;
  if (svg && mine === sequence) icon.link.href = badgedFavicon(svg, count);
}
