import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { sanitizeCss } from './sanitize-css.js';

// One jsdom window for the process: creating one costs ~30 ms. DOMPurify under happy-dom sanitizes nothing
// (stack notes), so jsdom it is.
const { window } = new JSDOM('');
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);

// Per-call state for the hooks below; sanitize() is synchronous, so calls never interleave.
let state = { blockedRemote: false };

const remoteUrl = /^\s*(https?:)?\/\//i;
const urlAttributes = ['src', 'background', 'poster', 'lowsrc', 'dynsrc'];

purify.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName === 'style' && node.textContent) {
    const { css, blockedRemote } = sanitizeCss(node.textContent);
    state.blockedRemote ||= blockedRemote;
    node.textContent = css;
  }
});

purify.addHook('afterSanitizeAttributes', (node) => {
  const el = node as Element;
  for (const attr of urlAttributes) {
    const value = el.getAttribute?.(attr);
    if (value && remoteUrl.test(value)) {
      // Kept aside so a later "show remote content" can restore it through the image proxy.
      el.setAttribute(`data-remote-${attr}`, value);
      el.removeAttribute(attr);
      state.blockedRemote = true;
    }
  }
  if (el.hasAttribute?.('srcset')) {
    el.removeAttribute('srcset');
    state.blockedRemote = true;
  }
  const style = el.getAttribute?.('style');
  if (style) {
    const { css, blockedRemote } = sanitizeCss(style);
    state.blockedRemote ||= blockedRemote;
    if (css.trim()) el.setAttribute('style', css);
    else el.removeAttribute('style');
  }
  if (el.tagName === 'A' && el.hasAttribute('href')) {
    el.setAttribute('target', '_blank');
    el.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * Allowlist sanitizing of mail HTML (architecture §5). Scripts, event handlers, javascript: and other
 * script URLs, forms, frames, <base>, <meta>, <link> and external stylesheets are removed; remote images
 * and CSS urls are held back (`blockedRemote`). The result is meant for a sandboxed iframe without
 * allow-scripts, as a second wall.
 */
export function sanitizeMailHtml(html: string): { html: string; blockedRemote: boolean } {
  state = { blockedRemote: false };
  const clean = purify.sanitize(html, {
    FORCE_BODY: true,
    FORBID_TAGS: [
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'option',
      'base',
      'meta',
      'link',
      'iframe',
      'frame',
      'frameset',
      'object',
      'embed',
      'applet',
      'script',
      'noscript',
      'audio',
      'video',
      'source',
      'track',
      'portal',
      'title',
    ],
    FORBID_ATTR: ['formaction', 'action', 'ping', 'srcdoc'],
    ADD_ATTR: ['target'],
    ALLOW_DATA_ATTR: false,
  });
  return { html: clean, blockedRemote: state.blockedRemote };
}
