/**
 * The document an HTML message is shown in. The server already sanitized the HTML; this adds
 * a second wall: the iframe is sandboxed without allow-scripts, and this CSP lets nothing load except inline
 * styles, data: images and images from the app's own origin — which is where the server's signed image-proxy
 * URLs (`/api/proxy/image?…`) point once remote content is allowed. Those are absolute paths: a srcdoc document
 * has no URL of its own and resolves them against the parent page's, i.e. the app origin. The sanitizer drops
 * every other relative URL of the mail, so the origin in img-src opens nothing but the proxy to the sender.
 * `<base target="_blank">` (a target only, no href: URLs still resolve as above) opens links in a new tab, which
 * the sandbox permits through allow-popups.
 */
export function messageCsp(origin: string): string {
  return `default-src 'none'; img-src data: ${origin}; style-src 'unsafe-inline'`;
}

/**
 * Designed HTML mail (newsletters: its own colours, backgrounds, style sheets or layout tables) keeps them: it is
 * made for a white page, so its frame stays a light "sheet of paper" also in dark mode (the reading pane frames
 * it) instead of inverting colours the sender chose. Simple mail (paragraphs, links, quotes, no colours of its
 * own) is drawn in the app's dark colours instead (`FrameColors`).
 */
const baseStyle = `
  html { color-scheme: light; }
  body {
    margin: 0;
    padding: 0;
    /* Keeps the first and last child's margins inside the body box, which the frame's height is taken from. */
    display: flow-root;
    font-family: Roboto, "Helvetica Neue", Arial, sans-serif;
    font-size: 14px;
    line-height: 1.5;
    color: #1f1f1f;
    background: #ffffff;
    overflow-wrap: anywhere;
  }
  img, video { max-width: 100%; height: auto; }
  table { max-width: 100%; }
  pre { white-space: pre-wrap; }
  a { color: #0b57d0; }
  blockquote { margin: 0 0 0 8px; padding-left: 12px; border-left: 2px solid #c4c7c5; color: #444746; }
`;

/** Whether the mail sets colours or layout of its own (then it keeps its light page in dark mode). */
export function isDesignedHtml(html: string): boolean {
  return /<style|<table|bgcolor\s*=|background|<font[^>]*color|\bcolor\s*[:=]/i.test(html);
}

/** The app's colours a simple mail is drawn with in dark mode. */
export interface FrameColors {
  text: string;
  background: string;
  link: string;
  quote: string;
  quoteBorder: string;
}

function darkStyle(colors: FrameColors): string {
  return `
  html { color-scheme: dark; }
  body { color: ${colors.text}; background: ${colors.background}; }
  a { color: ${colors.link}; }
  blockquote { color: ${colors.quote}; border-left-color: ${colors.quoteBorder}; }
`;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The frame's document; with `dark`, a simple mail in the app's dark colours. */
export function buildSrcDoc(html: string, origin: string, dark?: FrameColors): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(messageCsp(origin))}">`,
    '<meta name="referrer" content="no-referrer">',
    '<base target="_blank">',
    `<style>${baseStyle}${dark ? darkStyle(dark) : ''}</style>`,
    `</head><body>${html}</body></html>`,
  ].join('');
}
