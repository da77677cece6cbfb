import createDOMPurify from 'dompurify';
import type { RemoteContentState } from '@webmail/contracts';
import { classifyResourceUrl, parseSrcset } from './resource-url.js';
import { sanitizeCss } from './sanitize-css.js';
import { sanitizerWindow } from './sanitizer-window.js';
import { isTrackingImage } from './tracking-pixel.js';

// DOMPurify under happy-dom sanitizes nothing (script, onerror and javascript: URLs all pass), so jsdom it is.
const window = sanitizerWindow();
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);

/**
 * Bump whenever the output for the same input may change (allowlists, URL or CSS rules, DOMPurify
 * options): sanitized bodies are cached under it (features/messages/message-body-cache.ts).
 */
export const sanitizerVersion = 3;

export interface SanitizeOptions {
  /**
   * Given when remote content may load: maps a remote http(s) URL to the signed image-proxy URL the
   * browser fetches instead. Without it remote content is held back.
   */
  proxy?: (url: string) => string;
}

export interface SanitizedHtml {
  html: string;
  /** `none`: nothing remote (tracking pixels do not count); `blocked`: held back; `shown`: proxied. */
  remoteContent: RemoteContentState;
}

// Attributes through which HTML loads a resource. (href on <a>/<area> is navigation, not loading.)
const loadingAttributes = ['src', 'background', 'poster', 'lowsrc', 'dynsrc'];

const forbiddenTags = [
  'form', 'input', 'button', 'textarea', 'select', 'option', 'optgroup', 'datalist', 'keygen', 'output',
  'base', 'meta', 'link', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'param', 'script',
  'noscript', 'audio', 'video', 'source', 'track', 'portal', 'fencedframe', 'title', 'dialog',
]; // prettier-ignore

/** What the sanitize call under way needs in DOMPurify's hook (sanitizing is synchronous). */
let current: { resolve: (raw: string) => string | null } | null = null;

// Runs for each element DOMPurify keeps (with its template contents and the content it keeps of removed
// elements), once DOMPurify has judged its attributes: everything that loads is handled there, in the one
// walk, as a second pass over the result did before.
purify.addHook('afterSanitizeAttributes', (node) => {
  if (current === null || node.nodeType !== 1) return;
  const el = node as Element;
  // The walk's root: the mail's <body> attributes are not part of the result.
  if (el.tagName === 'BODY' && el === el.ownerDocument.body) return;
  secureElement(el, current.resolve);
});

/**
 * Allowlist sanitizing of mail HTML. DOMPurify (HTML profile only, so no SVG or MathML at all) removes
 * scripts, event handlers, script URLs, forms, frames, objects, <base>, <meta>, <link>. Each element it
 * keeps then goes through `secureElement`, which handles everything that *loads*: tracking pixels are
 * removed, remote images, srcset, background and CSS url()s are held back or rewritten to the image proxy,
 * other URL kinds are dropped, and links open in a new tab without opener or referrer. The result is meant
 * for a sandboxed iframe without allow-scripts and with its own CSP, as a second wall.
 */
export function sanitizeMailHtml(html: string, options: SanitizeOptions = {}): SanitizedHtml {
  const state = { remote: false };
  const resolve = (raw: string): string | null => {
    const url = classifyResourceUrl(raw);
    if (url.kind === 'data') return url.url;
    if (url.kind === 'drop') return null;
    state.remote = true;
    return options.proxy ? options.proxy(url.url) : null;
  };
  current = { resolve };
  let body: HTMLElement;
  try {
    body = purify.sanitize(html.replace(/\0/g, ''), {
      USE_PROFILES: { html: true },
      FORCE_BODY: true,
      RETURN_DOM: true,
      FORBID_TAGS: forbiddenTags,
      FORBID_ATTR: ['formaction', 'action', 'ping', 'srcdoc', 'imagesrcset', 'xmlns'],
      ADD_ATTR: ['target'],
      ALLOW_DATA_ATTR: false,
    }) as HTMLElement;
  } finally {
    current = null;
  }
  const remoteContent: RemoteContentState = !state.remote ? 'none' : options.proxy ? 'shown' : 'blocked';
  return { html: body.innerHTML, remoteContent };
}

/** One kept element: a tracking pixel goes; loading attributes, inline and <style> CSS and links are made safe. */
function secureElement(el: Element, resolve: (raw: string) => string | null): void {
  if (el.tagName === 'IMG' && isTrackingImage(el)) return void el.remove();
  rewriteLoadingAttributes(el, resolve);
  const style = el.getAttribute('style');
  if (style !== null) {
    const css = sanitizeCss(style, resolve);
    if (!css.trim()) el.removeAttribute('style');
    else if (css !== style) el.setAttribute('style', css);
  }
  if (el.tagName === 'STYLE') el.textContent = sanitizeCss(el.textContent ?? '', resolve);
  if (el.tagName === 'A' || el.tagName === 'AREA') secureLink(el);
  // `href` anywhere else loads nothing in HTML, but would in SVG (`<image href>` arrives here as <img>).
  else el.removeAttribute('href');
}

/**
 * Links open in a new tab without opener or referrer. Only absolute web, mail and phone links stay: a
 * relative one would resolve against the webmail itself (the frame's base URL is ours), and an in-page
 * `#anchor` cannot scroll a sandboxed srcdoc frame from a new tab anyway.
 */
function secureLink(el: Element): void {
  const raw = el.getAttribute('href');
  el.removeAttribute('target');
  if (raw === null) return;
  const href = raw.trim();
  const absolute = href.startsWith('//') ? `https:${href}` : href;
  if (!/^(https?:\/\/|mailto:|tel:)/i.test(absolute)) return void el.removeAttribute('href');
  if (absolute !== raw) el.setAttribute('href', absolute);
  el.setAttribute('target', '_blank');
  el.setAttribute('rel', 'noopener noreferrer');
}

function rewriteLoadingAttributes(el: Element, resolve: (raw: string) => string | null): void {
  for (const attr of loadingAttributes) {
    const value = el.getAttribute(attr);
    if (value === null) continue;
    const resolved = resolve(value);
    if (resolved === null) el.removeAttribute(attr);
    else if (resolved !== value) el.setAttribute(attr, resolved);
  }
  // DOMPurify keeps srcset without judging its URLs; each candidate is judged here. Only <img> may keep one
  // (<source> is removed with <video>/<audio>; <picture> falls back to its <img>).
  const srcset = el.getAttribute('srcset');
  if (srcset === null) return;
  el.removeAttribute('srcset');
  if (el.tagName !== 'IMG') return;
  const kept = parseSrcset(srcset).flatMap((c) => {
    const url = resolve(c.url);
    return url === null ? [] : [`${url.replace(/\s/g, encodeURIComponent)} ${c.descriptor}`.trim()];
  });
  if (kept.length) el.setAttribute('srcset', kept.join(', '));
}
