/**
 * The document an HTML message is shown in (architecture §5). The server already sanitized the HTML; this adds
 * a second wall: the iframe is sandboxed without allow-scripts, and this CSP lets nothing load except inline
 * styles and data: images (remote content stays blocked until the external-content settings allow it).
 * `<base target="_blank">` opens links in a new tab, which the sandbox permits through allow-popups.
 */
export const messageCsp = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

const baseStyle = `
  html { color-scheme: light; }
  body {
    margin: 0;
    padding: 0;
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

export function buildSrcDoc(html: string): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${messageCsp}">`,
    '<meta name="referrer" content="no-referrer">',
    '<base target="_blank">',
    `<style>${baseStyle}</style>`,
    `</head><body>${html}</body></html>`,
  ].join('');
}
