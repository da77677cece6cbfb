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
 * The mail keeps its own colours: HTML mail is designed for a white page, so the frame stays a light "sheet of
 * paper" also in dark mode (the reading pane frames it) instead of inverting colours the sender chose.
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

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export function buildSrcDoc(html: string, origin: string): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(messageCsp(origin))}">`,
    '<meta name="referrer" content="no-referrer">',
    '<base target="_blank">',
    `<style>${baseStyle}</style>`,
    `</head><body>${html}</body></html>`,
  ].join('');
}
