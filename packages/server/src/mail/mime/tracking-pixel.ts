import { classifyResourceUrl, parseSrcset } from './resource-url.js';

/**
 * A remote image nobody is meant to see: at most 1×1 pixel (by attribute or inline style), or hidden by
 * its own or an ancestor's inline style (display:none, visibility:hidden, opacity:0). Such images exist
 * to report that the mail was opened, so they are removed, never proxied — not even when the user allows
 * remote content. Images that are only tiny through a stylesheet rule are not detected; they are shown
 * only once remote content is allowed, and then only through the proxy, which hides the reader's address.
 */
export function isTrackingImage(img: Element): boolean {
  if (!loadsRemote(img)) return false;
  if (isTiny(img.getAttribute('width')) || isTiny(img.getAttribute('height'))) return true;
  const style = img.getAttribute('style') ?? '';
  const sizes = style.matchAll(
    /(?:^|[;\s])(?:max-)?(?:width|height)\s*:\s*(\d*\.?\d+)\s*(?:px)?\s*(?:!important\s*)?(?:;|$)/gi,
  );
  if ([...sizes].some((m) => Number(m[1]) <= 1)) return true;
  for (let el: Element | null = img; el; el = el.parentElement) {
    if (isHiddenByStyle(el.getAttribute('style'))) return true;
  }
  return false;
}

function loadsRemote(img: Element): boolean {
  const src = img.getAttribute('src');
  if (src !== null && classifyResourceUrl(src).kind === 'remote') return true;
  const srcset = img.getAttribute('srcset');
  return srcset !== null && parseSrcset(srcset).some((c) => classifyResourceUrl(c.url).kind === 'remote');
}

function isTiny(value: string | null): boolean {
  const match = value?.match(/^\s*(\d*\.?\d+)\s*(px)?\s*$/i);
  return match !== null && match !== undefined && Number(match[1]) <= 1;
}

function isHiddenByStyle(style: string | null): boolean {
  if (!style) return false;
  return (
    /(?:^|[;\s])display\s*:\s*none\b/i.test(style) ||
    /(?:^|[;\s])visibility\s*:\s*hidden\b/i.test(style) ||
    /(?:^|[;\s])opacity\s*:\s*(?:0+\.?0*|\.0+)\s*(?:!important\s*)?(?:;|$)/i.test(style)
  );
}
