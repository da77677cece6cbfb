/**
 * Cleans CSS from mail (style elements and style attributes): removes @import, expression(), behavior and
 * -moz-binding (script vectors in old engines), and blocks every url() that is not a data: URI — remote
 * backgrounds and fonts are external content, hidden until the user allows it.
 */
export function sanitizeCss(css: string): { css: string; blockedRemote: boolean } {
  let blockedRemote = false;
  let out = css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/@import[^;]*;?/gi, () => {
      blockedRemote = true;
      return '';
    })
    .replace(/expression\s*\(/gi, 'blocked(')
    .replace(/(-moz-binding|behavior)\s*:/gi, 'x-blocked:');
  out = out.replace(/url\(\s*(['"]?)(.*?)\1\s*\)/gi, (match, _q, url: string) => {
    if (/^data:image\//i.test(url.trim())) return match;
    blockedRemote = true;
    return 'none';
  });
  // CSS escapes can hide "url(" or "expression(" from the patterns above; a style that still contains a
  // backslash escape after cleaning is dropped whole rather than trusted.
  if (/\\[0-9a-f]/i.test(out)) return { css: '', blockedRemote };
  return { css: out, blockedRemote };
}
